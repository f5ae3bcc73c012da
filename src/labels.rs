//! Hole labels: a row letter from South's edge and a column from South's left (`a1`, `b6`).

/// The letter of row `r` (0 = `a`, South's edge).
pub fn row_letter(r: usize) -> char {
    (b'a'..=b'z').nth(r).map_or('?', char::from)
}

/// `b6` → (1, 6): row index and 1-based column.
pub fn parse_label(label: &str) -> Option<(usize, usize)> {
    let mut chars = label.chars();
    let letter = chars.next()?;
    if !letter.is_ascii_lowercase() {
        return None;
    }
    let digits = chars.as_str();
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) || digits.starts_with('0') {
        return None;
    }
    Some(((letter as u8 - b'a') as usize, digits.parse().ok()?))
}
