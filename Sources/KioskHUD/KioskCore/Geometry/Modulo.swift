infix operator %% : MultiplicationPrecedence

/// The remainder of `value / modulus` in 0..<modulus, also for negative values.
func %% (value: Int, modulus: Int) -> Int {
    let remainder = value % modulus
    return remainder < 0 ? remainder + modulus : remainder
}
