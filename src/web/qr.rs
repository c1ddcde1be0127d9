//! QR codes, drawn as inline SVG: the projector's, the flash messages' links, the printouts'.

use std::sync::LazyLock;

use crate::cache::Cache;

/// QR codes drawn lately, by their text: drawing one takes about as long as the rest of a
/// projector page, and every GET of the projector shows the same one.
static KEPT: LazyLock<Cache<String, String>> = LazyLock::new(|| Cache::new("qr_codes", 64));

/// A QR code as inline SVG, kept for the last few texts (see [`KEPT`]).
pub fn qr_svg(text: &str) -> String {
    if let Some(svg) = KEPT.get(text) {
        return svg;
    }
    let svg = draw_qr(text);
    KEPT.insert(text.to_owned(), svg.clone());
    svg
}

/// A QR code as inline SVG (our own drawing of the qrcode crate's matrix), drawn afresh (for a
/// page kept whole, whose many codes would only push the projector's out of the kept ones).
/// Inline in HTML, so without the `<?xml …?>` declaration the renderer puts first (HTML
/// forbids it there).
pub fn draw_qr(text: &str) -> String {
    match qrcode::QrCode::new(text.as_bytes()) {
        Ok(code) => {
            let svg = code
                .render::<qrcode::render::svg::Color>()
                .min_dimensions(200, 200)
                .quiet_zone(true)
                .build();
            match svg.find("<svg") {
                Some(start) => svg[start..].to_owned(),
                None => svg,
            }
        }
        Err(_) => String::new(),
    }
}

/// Makes the kept codes (so `/metrics` lists them from the start).
pub fn start() {
    LazyLock::force(&KEPT);
}
