package org.slotlab.model.buffers;

/**
 * Time coefficients of the JSON unescape scenario, each with its unit and where it comes from.
 * Only {@code nsPerRawByte} is fitted to ruby/json PR #1135 (https://github.com/ruby/json/pull/1135) (stock json parses a
 * 130 KB heavily-escaped document in 0.125-0.129 ms: 0.127 ms / 130,000 B); the others are
 * documented assumptions for glibc on a current x86-64 core, to be replaced by measurements.
 * {@code cpuNsPerByteSecond} is the exchange rate of the lifetime tradeoff: how many ns of CPU
 * one byte kept resident for one second is worth. 0.125 ns follows from cloud list prices where
 * 1 GB-hour of memory costs about 1/8 of a vCPU-hour (1 B-s = 10^-9 GB x 1/3600 h; x 0.125
 * vCPU-h/GB-h = 0.125 x 10^-9 vCPU-s); an assumption, stated so it can be changed.
 *
 * @param nsPerRawByte       parse cost per byte of JSON text, ns (fitted: 0.127 ms / 130 KB)
 * @param nsPerMalloc        one malloc of a small/medium block, ns (assumption)
 * @param nsPerFree          one free, ns (assumption)
 * @param nsPerRealloc       one shrinking realloc done in place, ns (assumption)
 * @param nsPerByteCopied    memcpy cost, ns per byte (assumption: ~10 GB/s)
 * @param nsPerSlotAllocation one extra RString slot (newobj), ns (assumption)
 * @param cpuNsPerByteSecond CPU ns one resident byte-second is worth (assumption, see above)
 */
public record UnescapeCostProfile(double nsPerRawByte, double nsPerMalloc, double nsPerFree, double nsPerRealloc,
                                  double nsPerByteCopied, double nsPerSlotAllocation, double cpuNsPerByteSecond) {

    /** Stock parse time of the PR's 130 KB escaped document, ns (midpoint of 0.125-0.129 ms). */
    public static final double PR1135_STOCK_PARSE_NS = 127_000;
    /** Size of that document, bytes ("130 KB", 10^3). */
    public static final double PR1135_SMALL_DOC_BYTES = 130_000;

    public UnescapeCostProfile {
        double[] all = {nsPerRawByte, nsPerMalloc, nsPerFree, nsPerRealloc, nsPerByteCopied, nsPerSlotAllocation,
                cpuNsPerByteSecond};
        for (double v : all) {
            if (!(v >= 0) || Double.isInfinite(v)) {
                throw new IllegalArgumentException("cost coefficients must be finite and >= 0, got " + v);
            }
        }
    }

    /** The default profile described in the class comment. */
    public static UnescapeCostProfile defaults() {
        return new UnescapeCostProfile(PR1135_STOCK_PARSE_NS / PR1135_SMALL_DOC_BYTES, 20, 15, 40, 0.1, 15, 0.125);
    }
}
