import Foundation
import Testing
@testable import KioskCore

@Suite struct SpokeWheelTests {
    let wheel = SpokeWheel(count: 12, radius: 40, color: .white)

    @Test func leadingSpokeIsFullStrengthAndTrailingOnesFade() {
        let strengths = wheel.spokes(turn: 0).map(\.strength)
        #expect(strengths[0] == 1)
        // Behind the leader (counter-clockwise: spokes 11, 10, ...) strength falls, then stays at the floor.
        let behind = (1..<12).map { strengths[(12 - $0) % 12] }
        #expect(zip(behind, behind.dropFirst()).allSatisfy { $0 >= $1 })
        #expect(behind.first! < 1)
        #expect(behind.last! == SpokeWheel.trailingAlpha)
    }

    @Test func spokesAreEvenlySpacedClockwiseFromTheTop() {
        let angles = wheel.spokes(turn: 0).map(\.angleRadians)
        for (index, angle) in angles.enumerated() {
            #expect(abs(angle - 2 * Double.pi * Double(index) / 12) < 1e-9)
        }
        let top = wheel.centreLine(of: wheel.spokes(turn: 0)[0])
        #expect(abs(top.outer.x) < 1e-9 && top.outer.y < 0)  // straight up (y grows down)
        let right = wheel.centreLine(of: wheel.spokes(turn: 0)[3])
        #expect(right.outer.x > 0 && abs(right.outer.y) < 1e-9)  // a quarter turn clockwise
    }

    @Test func oneStepTurnMovesTheLeadOneSpokeClockwiseAndTheSpokesStayStill() {
        let turned = wheel.spokes(turn: 1.0 / 12)
        #expect(turned.map(\.angleRadians) == wheel.spokes(turn: 0).map(\.angleRadians))
        #expect(turned[1].strength == 1)
        #expect(turned[0].strength == SpokeWheel.nextStrength)
    }

    @Test func theLeadStandsOut() {
        let strengths = wheel.spokes(turn: 0).map(\.strength)
        #expect(strengths[0] == 1)
        #expect(strengths[11] <= 0.7)  // drawn over the dark HUD: about 73 % of the lead's brightness
        #expect(strengths.allSatisfy { $0 >= SpokeWheel.trailingAlpha })
    }

    @Test func smoothTurningMovesTheBrightnessNotTheSpokes() {
        let halfway = wheel.spokes(turn: 0.5 / 12)
        #expect(halfway.map(\.angleRadians) == wheel.spokes(turn: 0).map(\.angleRadians))
        #expect(abs(halfway[0].strength - (1 + SpokeWheel.nextStrength) / 2) < 1e-9)  // the lead fading
        #expect(halfway[1].strength > halfway[2].strength)  // the next lead brightening
        #expect(halfway[1].strength < 1)
    }

    @Test func spokesStayInsideTheRadiusAndOutsideTheHub() {
        #expect(wheel.spokeOuterEnd + wheel.spokeHalfWidth <= wheel.radius + 1e-9)
        #expect(wheel.spokeInnerEnd - wheel.spokeHalfWidth >= wheel.radius * SpokeWheel.innerFraction - 1e-9)
        #expect(wheel.spokeInnerEnd < wheel.spokeOuterEnd)
    }
}
