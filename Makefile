# kiosk-spinner: build a release binary with the Swift runtime linked in, install it, package it.
#
#   make                      release binary in .build/static/release (Swift runtime linked statically)
#   make install              to $(DESTDIR)$(PREFIX): PREFIX=/usr/local, DESTDIR empty by default
#   make uninstall            removes what install put there (same PREFIX and DESTDIR)
#   make deb                  .build/deb/kiosk-spinner_<version>_<arch>.deb, installed under /usr
#   make clean                removes the build and package for ARCH (.build/static, .build/static-arm64, .build/deb)
#
# ARCH=arm64 on an x86-64 machine builds for arm64 (Debian 13 and later) with the cross toolchain
# scripts/arm64/toolchain makes from Debian's packages: `make deb ARCH=arm64` gives
# .build/deb/kiosk-spinner_<version>_arm64.deb (binary in .build/static-arm64/release).
# `make install STRIP=true` keeps the symbols (bigger binary, named frames in a debugger).
# The static build has its own scratch path so it does not rebuild the debug build's objects.

PREFIX ?= /usr/local
DESTDIR ?=
bindir ?= $(PREFIX)/bin
datadir ?= $(PREFIX)/share
fontdir ?= $(datadir)/kiosk-spinner/fonts
mandir ?= $(datadir)/man
man1dir ?= $(mandir)/man1
docdir ?= $(datadir)/doc/kiosk-spinner
unitdir ?= $(PREFIX)/lib/systemd/system

INSTALL ?= install
HOST_ARCH := $(shell dpkg --print-architecture 2>/dev/null)
# ARCH only from the command line (`make deb ARCH=arm64`): an ARCH in the environment means
# other things to other builds (the kernel's x86_64).
ifneq ($(origin ARCH),command line)
ARCH := $(HOST_ARCH)
endif

# Per architecture: how Swift is run, where the build goes, how the binary's libraries are read
# (ldd runs the host's loader; a foreign binary is read with readelf), how it is stripped, run
# (for its --version) and how the .deb's Depends is found (DEPENDS_ENV, see contrib/debian/depends).
ifeq ($(ARCH),$(HOST_ARCH))
SWIFT ?= $(shell command -v swift 2>/dev/null || echo /opt/swift/usr/bin/swift)
SCRATCH ?= .build/static
STRIP ?= strip
TOOLCHAIN :=
LIBRARIES_OF := ldd
RUN_TARGET :=
DEPENDS_ENV :=
else ifeq ($(ARCH)-$(HOST_ARCH),arm64-amd64)
SWIFT := scripts/arm64/swift
SCRATCH ?= .build/static-arm64
STRIP ?= aarch64-linux-gnu-strip
TOOLCHAIN := scripts/arm64/toolchain
LIBRARIES_OF := readelf -d
RUN_TARGET := qemu-aarch64-static -L .build/arm64/sysroot
DEPENDS_ENV := DEB_SHLIBS_FILE=$(CURDIR)/.build/arm64/sysroot/shlibs
else
$(error ARCH=$(ARCH): this machine ($(HOST_ARCH)) builds for $(HOST_ARCH)$(if $(filter amd64,$(HOST_ARCH)), and arm64))
endif
BIN := $(SCRATCH)/release/kiosk-spinner

# --disable-local-rpath: no RUNPATH=$ORIGIN in the binary (nothing is loaded from beside it).
SWIFT_BUILD_FLAGS := -c release --static-swift-stdlib --disable-local-rpath --product kiosk-spinner --scratch-path $(SCRATCH)

DEB_DIR := .build/deb
DEB_ROOT := $(DEB_DIR)/root-$(ARCH)
DEB_MAINTAINER ?= kiosk-spinner maintainers <kiosk-spinner@example.invalid>
# Unit directory inside the .deb: Debian 12 packages ship units in /lib/systemd/system (the same
# directory as /usr/lib/systemd/system on a merged-/usr system, and both are searched otherwise).
DEB_UNITDIR ?= /lib/systemd/system

FONTS := $(wildcard fonts/*.ttf) $(wildcard fonts/*-LICENSE.txt)
DOCS := README.md PROTOCOL.md docs/DEPLOYING.md
# The systemd units: the overlay as a service, as the boot screen and as the shutdown screen (none
# enabled by the package).
UNITS := kiosk-spinner.service kiosk-spinner-boot.service kiosk-spinner-shutdown@.service

.PHONY: all build check-static install uninstall deb clean

all: build

# SwiftPM decides what is out of date, so this always asks it.
build:
	$(TOOLCHAIN)
	$(SWIFT) build $(SWIFT_BUILD_FLAGS)
	@$(MAKE) --no-print-directory check-static

# The Swift runtime (libswiftCore, Foundation, Dispatch) must be inside the binary: a kiosk has no
# Swift toolchain. Only system libraries (FreeType, HarfBuzz, X11, libc, libstdc++...) may be loaded at run time.
check-static:
	@if ! $(LIBRARIES_OF) $(BIN) >/dev/null 2>&1; then echo "check-static: $(LIBRARIES_OF) cannot read $(BIN)" >&2; exit 1; fi
	@if $(LIBRARIES_OF) $(BIN) | grep -E 'libswift|libFoundation|lib_Foundation|libdispatch|libBlocksRuntime|/opt/swift|not found'; then \
		echo "check-static: $(BIN) loads the Swift runtime or misses a library (above: what $(LIBRARIES_OF) shows); it must not" >&2; exit 1; \
	fi

install: build
ifneq ($(ARCH),$(HOST_ARCH))
	@[ -n "$(DESTDIR)" ] || { echo "install: ARCH=$(ARCH) is not this machine's; give DESTDIR (a staging tree), or make deb ARCH=$(ARCH)" >&2; exit 1; }
endif
	$(INSTALL) -d $(DESTDIR)$(bindir) $(DESTDIR)$(fontdir) $(DESTDIR)$(man1dir) $(DESTDIR)$(docdir) $(DESTDIR)$(unitdir)
	$(INSTALL) -m 0755 $(BIN) $(DESTDIR)$(bindir)/kiosk-spinner
	$(STRIP) $(DESTDIR)$(bindir)/kiosk-spinner
	$(INSTALL) -m 0644 $(FONTS) $(DESTDIR)$(fontdir)/
	gzip -9n < kiosk-spinner.1 > $(DESTDIR)$(man1dir)/kiosk-spinner.1.gz
	chmod 0644 $(DESTDIR)$(man1dir)/kiosk-spinner.1.gz
	$(INSTALL) -m 0644 $(DOCS) $(DESTDIR)$(docdir)/
	for unit in $(UNITS); do \
	    sed -e 's|/usr/bin/kiosk-spinner|$(bindir)/kiosk-spinner|g' -e 's|/usr/share/doc/kiosk-spinner|$(docdir)|g' \
	        contrib/$$unit > $(DESTDIR)$(unitdir)/$$unit && chmod 0644 $(DESTDIR)$(unitdir)/$$unit || exit 1; \
	done

uninstall:
	rm -f $(DESTDIR)$(bindir)/kiosk-spinner
	rm -f $(DESTDIR)$(man1dir)/kiosk-spinner.1.gz $(DESTDIR)$(man1dir)/kiosk-spinner.1
	for unit in $(UNITS); do rm -f $(DESTDIR)$(unitdir)/$$unit; done
	rm -rf $(DESTDIR)$(datadir)/kiosk-spinner $(DESTDIR)$(docdir)

# The package: `make install` into a staging tree under /usr, then DEBIAN/control (version from
# the binary, architecture from dpkg, Depends from the libraries the binary loads), md5sums and the
# maintainer scripts, packed with root-owned files.
deb: build
	rm -rf $(DEB_ROOT)
	$(MAKE) --no-print-directory install DESTDIR=$(CURDIR)/$(DEB_ROOT) PREFIX=/usr unitdir=$(DEB_UNITDIR)
	$(INSTALL) -m 0644 contrib/debian/copyright $(DEB_ROOT)/usr/share/doc/kiosk-spinner/copyright
	$(INSTALL) -d $(DEB_ROOT)/DEBIAN
	$(INSTALL) -m 0755 contrib/debian/postinst contrib/debian/prerm contrib/debian/postrm $(DEB_ROOT)/DEBIAN/
	set -e; \
	version=$$($(RUN_TARGET) $(DEB_ROOT)/usr/bin/kiosk-spinner --version | awk '{ print $$2 }'); \
	arch=$(ARCH); \
	depends=$$($(DEPENDS_ENV) contrib/debian/depends $(DEB_ROOT)/usr/bin/kiosk-spinner); \
	size=$$(du -sk --exclude=DEBIAN $(DEB_ROOT) | cut -f1); \
	test -n "$$version" && test -n "$$arch" && test -n "$$depends"; \
	sed -e "s|@VERSION@|$$version|" -e "s|@ARCH@|$$arch|" -e "s|@DEPENDS@|$$depends|" \
	    -e "s|@SIZE@|$$size|" -e "s|@MAINTAINER@|$(DEB_MAINTAINER)|" contrib/debian/control.in > $(DEB_ROOT)/DEBIAN/control; \
	(cd $(DEB_ROOT) && find . -path ./DEBIAN -prune -o -type f -print | sed 's|^\./||' | LC_ALL=C sort | xargs md5sum) \
	    > $(DEB_ROOT)/DEBIAN/md5sums; \
	chmod 0644 $(DEB_ROOT)/DEBIAN/control $(DEB_ROOT)/DEBIAN/md5sums; \
	rm -f $(DEB_DIR)/kiosk-spinner_*_$(ARCH).deb; \
	dpkg-deb --root-owner-group -Zxz --build $(DEB_ROOT) $(DEB_DIR)/kiosk-spinner_$${version}_$${arch}.deb; \
	dpkg-deb --info $(DEB_DIR)/kiosk-spinner_$${version}_$${arch}.deb | grep -E '^ (Package|Version|Architecture|Depends|Installed-Size):'

clean:
	rm -rf $(SCRATCH) $(DEB_ROOT) $(DEB_DIR)/kiosk-spinner_*_$(ARCH).deb
