package org.slotlab.model.heapdump;

/**
 * An open-addressing set of object addresses ({@code long}, never 0), linear probing, doubled at
 * half full: 8 bytes per slot, no boxing.
 */
final class LongSet {

    private long[] keys;
    private int size;

    LongSet(int expected) {
        keys = new long[Integer.highestOneBit(Math.max(16, expected * 2 - 1)) << 1];
    }

    int size() {
        return size;
    }

    private static int mix(long k) {
        long h = k * 0x9E3779B97F4A7C15L;
        return (int) (h ^ (h >>> 29));
    }

    boolean contains(long key) {
        int mask = keys.length - 1;
        for (int i = mix(key) & mask; ; i = (i + 1) & mask) {
            long k = keys[i];
            if (k == key) {
                return true;
            }
            if (k == 0) {
                return false;
            }
        }
    }

    void add(long key) {
        if (key == 0) {
            return;
        }
        int mask = keys.length - 1;
        for (int i = mix(key) & mask; ; i = (i + 1) & mask) {
            long k = keys[i];
            if (k == key) {
                return;
            }
            if (k == 0) {
                keys[i] = key;
                if (++size * 2 > keys.length) {
                    grow();
                }
                return;
            }
        }
    }

    private void grow() {
        long[] old = keys;
        keys = new long[old.length * 2];
        size = 0;
        for (long k : old) {
            if (k != 0) {
                add(k);
            }
        }
    }

    long footprintBytes() {
        return 8L * keys.length;
    }
}
