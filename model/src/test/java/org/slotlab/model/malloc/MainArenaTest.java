package org.slotlab.model.malloc;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The rules of glibc 2.36's malloc/malloc.c the arena simulation follows, one by one. */
class MainArenaTest {

    private static final long STRING = 10_001; // "a" * 10000 and its terminator
    private static final long CHUNK = 10_016;

    @Test
    void request2size_addsTheSizeWordAndRoundsTo16_withA32ByteMinimum() {
        assertThat(MainArena.chunkSize(STRING)).isEqualTo(CHUNK);
        assertThat(MainArena.chunkSize(1)).isEqualTo(32);
        assertThat(MainArena.chunkSize(24)).isEqualTo(32);
        assertThat(MainArena.chunkSize(25)).isEqualTo(48);
    }

    @Test
    void theFirstBufferGrowsTheHeapByItsChunkAndTopPad_andFaultsOnlyThePagesItWrites() {
        MainArena a = new MainArena();
        a.malloc(STRING);
        // sysmalloc: nb + top_pad + MINSIZE, rounded up to a page: 10,016 + 131,072 + 32 -> 35 pages
        assertThat(a.heapBytes()).isEqualTo(35 * 4096);
        assertThat(a.grownPages()).isEqualTo(35);
        // the buffer and the top chunk's header: bytes 0..10,024, three pages
        assertThat(a.faults()).isEqualTo(3);
    }

    @Test
    void aFreedChunkBelowALiveOne_isReusedByTheNextMallocOfItsSize_withoutNewFaults() {
        MainArena a = new MainArena();
        long first = a.malloc(STRING);
        a.malloc(STRING);
        long faults = a.faults();
        a.free(first, STRING);

        assertThat(a.malloc(STRING)).isEqualTo(first);
        assertThat(a.faults()).isEqualTo(faults);
    }

    @Test
    void bestFit_takesTheSmallestFreeChunkThatFits_andSplitsItFromItsLowEnd() {
        MainArena a = new MainArena();
        List<Long> b = mallocs(a, 6, STRING);
        // free chunks of one and of two buffers, each kept apart by a live buffer
        a.free(b.get(0), STRING);
        a.free(b.get(2), STRING);
        a.free(b.get(3), STRING);

        assertThat(a.malloc(STRING)).as("exact fit").isEqualTo(b.get(0));
        assertThat(a.malloc(STRING)).as("low end of the two-buffer chunk").isEqualTo(b.get(2));
        assertThat(a.malloc(STRING)).as("its remainder").isEqualTo(b.get(3));
    }

    @Test
    void freesThatReachTheTop_trimItBackToTopPad_andTheHeapFaultsAgainWhenItGrowsBack() {
        MainArena a = new MainArena();
        List<Long> b = mallocs(a, 100, STRING); // about 1 MB
        long faultsWhenFull = a.faults();
        for (int i = b.size() - 1; i >= 0; i--) {
            a.free(b.get(i), STRING); // newest first, as a CRuby sweep frees them
        }
        // systrim keeps top_pad (128 KiB) and less than a page more
        assertThat(a.heapBytes()).isBetween(MainArena.DEFAULT_TOP_PAD, MainArena.DEFAULT_TOP_PAD + 2 * MainArena.PAGE);
        assertThat(a.trimmedPages()).isGreaterThan(200);
        long keptPages = a.heapBytes() / MainArena.PAGE;

        mallocs(a, 100, STRING);
        // the same buffers at the same addresses: every page they span faults again but those systrim kept
        long spanned = (100 * CHUNK + MainArena.SIZE_SZ + MainArena.PAGE - 1) / MainArena.PAGE;
        assertThat(a.faults() - faultsWhenFull).isEqualTo(spanned - keptPages);
    }

    @Test
    void aLiveBufferAtTheTop_pinsTheHeap_soTheFreesBelowItCoalesceButNothingIsTrimmed() {
        MainArena a = new MainArena();
        List<Long> b = mallocs(a, 100, STRING);
        long heap = a.heapBytes();
        for (int i = b.size() - 2; i >= 0; i--) {
            a.free(b.get(i), STRING);
        }
        assertThat(a.trimmedPages()).isZero();
        assertThat(a.heapBytes()).isEqualTo(heap);
        // the 99 freed chunks are one: a request of their size fits without growing the heap
        long faults = a.faults();
        a.malloc(99 * CHUNK - 8);
        assertThat(a.heapBytes()).isEqualTo(heap);
        assertThat(a.faults()).isEqualTo(faults);
    }

    @Test
    void aTopBelowTheTrimThreshold_isKept_evenWhenTheFreeIntoItFormsMoreThan64KiB() {
        MainArena a = new MainArena();
        List<Long> b = mallocs(a, 7, STRING);
        long heap = a.heapBytes();
        // the top is 35 pages less 7 chunks, 73,248 B; freeing the newest forms 83,264 B, past
        // FASTBIN_CONSOLIDATION_THRESHOLD, but the top is below trim_threshold (128 KiB)
        a.free(b.get(6), STRING);
        assertThat(a.trimmedPages()).isZero();
        assertThat(a.heapBytes()).isEqualTo(heap);
        // one more free makes the top 93,280 B: still kept; the next five take it past 128 KiB
        a.free(b.get(5), STRING);
        assertThat(a.trimmedPages()).isZero();
        for (int i = 4; i >= 0; i--) {
            a.free(b.get(i), STRING);
        }
        assertThat(a.trimmedPages()).isPositive();
    }

    @Test
    void smallChunks_goToTheTcacheUpToSevenPerSize_andComeBackMostRecentFirst() {
        MainArena a = new MainArena();
        List<Long> b = mallocs(a, 9, 100);
        for (int i = 0; i < 8; i++) {
            a.free(b.get(i), 100);
        }
        assertThat(a.malloc(100)).as("the last one tcache took").isEqualTo(b.get(6));
        assertThat(a.malloc(100)).isEqualTo(b.get(5));
    }

    @Test
    void aBufferPastTheMmapThreshold_isMappedApartAndFaultsEveryPage_thenRaisesTheThreshold() {
        MainArena a = new MainArena();
        long big = 200 * 1024;
        long h = a.malloc(big);
        assertThat(a.heapBytes()).isZero();
        assertThat(a.mappedPages()).isEqualTo((MainArena.chunkSize(big) + 8 + 4095) / 4096);
        assertThat(a.faults()).isEqualTo(a.mappedPages());
        a.free(h, big);

        // __libc_free raised mmap_threshold to the freed chunk's size: the next one comes from the heap
        a.malloc(big);
        assertThat(a.heapBytes()).isGreaterThan(big);
        assertThat(a.mappedPages()).isEqualTo((MainArena.chunkSize(big) + 8 + 4095) / 4096);
    }

    @Test
    void equalStates_haveEqualSignatures() {
        MainArena a = new MainArena();
        MainArena b = new MainArena();
        for (MainArena m : List.of(a, b)) {
            List<Long> x = mallocs(m, 10, STRING);
            m.free(x.get(3), STRING);
        }
        assertThat(a.signature()).containsExactly(b.signature());
        a.malloc(STRING);
        assertThat(a.signature()).isNotEqualTo(b.signature());
    }

    private static List<Long> mallocs(MainArena a, int n, long request) {
        List<Long> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            out.add(a.malloc(request));
        }
        return out;
    }
}
