package org.slotlab.model.buffers;

/**
 * One string token of a JSON document as the ruby/json parser meets it (
 * ruby/json PR #1135 (https://github.com/ruby/json/pull/1135)): its raw length in the document (between the quotes, escapes
 * included: what json_string_unescape sizes its buffer for) and its decoded UTF-8 length (what
 * the Ruby string holds).
 *
 * @param rawBytes     bytes between the quotes
 * @param decodedBytes UTF-8 bytes after unescaping
 * @param escaped      true when the token contains a backslash (takes json_string_unescape)
 * @param key          true when the string is an object key (json interns keys; not a buffer)
 */
public record JsonString(long rawBytes, long decodedBytes, boolean escaped, boolean key) {

    public JsonString {
        if (rawBytes < 0 || decodedBytes < 0 || decodedBytes > rawBytes) {
            throw new IllegalArgumentException("a JSON string needs 0 <= decoded <= raw bytes, got raw " + rawBytes
                    + ", decoded " + decodedBytes);
        }
    }
}
