import Foundation
import KioskCore

/// Writes every `GeneratedSection` into its documents (scripts/generate-docs runs it from the
/// package root); exits 1 when a document lacks a section's markers.
var failed = false
for section in GeneratedSection.all {
    for document in section.documents {
        let url = URL(fileURLWithPath: document)
        guard let text = try? String(contentsOf: url, encoding: .utf8), let written = section.written(into: text, of: document) else {
            FileHandle.standardError.write(Data("kiosk-spinner-docs: \(document) has no \(section.name) markers\n".utf8))
            failed = true
            continue
        }
        if written != text { try written.write(to: url, atomically: true, encoding: .utf8) }
    }
}
exit(failed ? 1 : 0)
