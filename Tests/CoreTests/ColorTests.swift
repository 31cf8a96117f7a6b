import Testing
@testable import KioskCore

@Suite struct ColorTests {
    @Test(arguments: [
        ("#FF8000", Color(red: 255, green: 128, blue: 0)),
        ("#ff8000", Color(red: 255, green: 128, blue: 0)),
        ("#1C1C1ED9", Color(red: 0x1C, green: 0x1C, blue: 0x1E, alpha: 0xD9)),
        ("white", .white),
        ("Gray", .gray),
        ("grey", .gray),
    ])
    func validSpellingsParse(text: String, expected: Color) {
        #expect(Color(parsing: text) == expected)
    }

    @Test(arguments: ["", "#", "#GGGGGG", "#12345", "#1234567", "FF8000", "#+12345", "#-12345", "red", "#１２３４５６"])
    func invalidSpellingsAreRefused(text: String) {
        #expect(Color(parsing: text) == nil)
    }

    @Test func descriptionRoundTrips() {
        let colors = [Color(red: 1, green: 2, blue: 3), Color(red: 0xAB, green: 0xCD, blue: 0xEF, alpha: 0x12)]
        for color in colors { #expect(Color(parsing: color.description) == color) }
    }
}
