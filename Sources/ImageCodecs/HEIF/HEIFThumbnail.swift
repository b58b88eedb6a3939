import CHEIF

/// A thumbnail stored beside a HEIF picture (phones store a 320 x 240 one with each photo)
/// that can stand in for it in a small layer: it shows the same picture (the same proportions
/// within 1 %, both turned the same way, alpha in both or neither) with at least the pixels
/// the layer needs. Decoding it instead of a 12-megapixel grid is what makes a phone photo
/// as an avatar cheap; a photo viewer shows thumbnails at such sizes too.
struct HEIFThumbnail {
    /// The thumbnail's image handle; the caller releases it.
    let handle: OpaquePointer
    /// The thumbnail's item.
    let id: heif_item_id
    let width: Int
    let height: Int

    /// The largest fitting thumbnail of the `width` x `height` picture `primary` that covers
    /// `target`, or nil when none does.
    init?(of primary: OpaquePointer, width: Int, height: Int, covering target: (width: Int, height: Int)) {
        let count = Int(heif_image_handle_get_number_of_thumbnails(primary))
        guard count > 0, count <= 16 else { return nil }
        var ids = [heif_item_id](repeating: 0, count: count)
        let listed = Int(heif_image_handle_get_list_of_thumbnail_IDs(primary, &ids, Int32(count)))
        let alpha = heif_image_handle_has_alpha_channel(primary) != 0
        var best: (handle: OpaquePointer, id: heif_item_id, width: Int, height: Int)?
        for id in ids.prefix(min(listed, count)) {
            var found: OpaquePointer?
            guard heif_image_handle_get_thumbnail(primary, id, &found).code == heif_error_Ok, let thumbnail = found else { continue }
            let w = Int(heif_image_handle_get_width(thumbnail)), h = Int(heif_image_handle_get_height(thumbnail))
            let sameShape = w > 0 && h > 0 && abs(Double(w * height) / Double(h * width) - 1) <= 0.01
            let fits = sameShape && w >= target.width && h >= target.height && w < width
                && (heif_image_handle_has_alpha_channel(thumbnail) != 0) == alpha
            if fits, best.map({ w > $0.width }) ?? true {
                if let previous = best { heif_image_handle_release(previous.handle) }
                best = (thumbnail, id, w, h)
            } else {
                heif_image_handle_release(thumbnail)
            }
        }
        guard let best else { return nil }
        (handle, self.id, self.width, self.height) = best
    }
}
