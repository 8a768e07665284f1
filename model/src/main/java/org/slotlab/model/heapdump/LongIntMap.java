package org.slotlab.model.heapdump;

import java.util.Arrays;

/**
 * An open-addressing map from object addresses ({@code long}, never 0) to {@code int} values,
 * linear probing, doubled at half full: 12 bytes per slot, no boxing, so a dump of millions of
 * objects fits a small Java heap. {@link #get} answers {@link #MISSING} for an absent key.
 */
final class LongIntMap {

    static final int MISSING = Integer.MIN_VALUE;

    private long[] keys;
    private int[] values;
    private int size;

    LongIntMap(int expected) {
        int cap = Integer.highestOneBit(Math.max(16, expected * 2 - 1)) << 1;
        keys = new long[cap];
        values = new int[cap];
    }

    int size() {
        return size;
    }

    private static int mix(long k) {
        long h = k * 0x9E3779B97F4A7C15L;
        return (int) (h ^ (h >>> 29));
    }

    int get(long key) {
        int mask = keys.length - 1;
        for (int i = mix(key) & mask; ; i = (i + 1) & mask) {
            long k = keys[i];
            if (k == key) {
                return values[i];
            }
            if (k == 0) {
                return MISSING;
            }
        }
    }

    boolean contains(long key) {
        return get(key) != MISSING;
    }

    /** Sets {@code key} to {@code value}. */
    void put(long key, int value) {
        if (key == 0) {
            throw new IllegalArgumentException("address 0 is not an object");
        }
        int mask = keys.length - 1;
        for (int i = mix(key) & mask; ; i = (i + 1) & mask) {
            long k = keys[i];
            if (k == key) {
                values[i] = value;
                return;
            }
            if (k == 0) {
                keys[i] = key;
                values[i] = value;
                if (++size * 2 > keys.length) {
                    grow();
                }
                return;
            }
        }
    }

    /** Adds {@code delta} to the value of {@code key} (absent counts as 0). */
    void add(long key, int delta) {
        int v = get(key);
        put(key, v == MISSING ? delta : v + delta);
    }

    private void grow() {
        long[] oldKeys = keys;
        int[] oldValues = values;
        keys = new long[oldKeys.length * 2];
        values = new int[oldKeys.length * 2];
        size = 0;
        for (int i = 0; i < oldKeys.length; i++) {
            if (oldKeys[i] != 0) {
                put(oldKeys[i], oldValues[i]);
            }
        }
    }

    /** Bytes the two arrays take (for the memory figures of the benchmark). */
    long footprintBytes() {
        return 12L * keys.length;
    }

    void clear() {
        Arrays.fill(keys, 0);
        size = 0;
    }
}
