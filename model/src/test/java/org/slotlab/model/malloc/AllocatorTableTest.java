package org.slotlab.model.malloc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Size classes read off each cited source, one row per boundary. */
class AllocatorTableTest {

    @ParameterizedTest(name = "{0}: malloc({1}) -> usable {2}, footprint {3}")
    @CsvSource({
            // glibc: chunk = max(32, request + 8) rounded to 16; usable = chunk - 8
            "glibc, 0, 24, 32",
            "glibc, 24, 24, 32",
            "glibc, 25, 40, 48",
            "glibc, 128, 136, 144",
            "glibc, 129, 136, 144",   // Feature #12025: no difference between 128 and 129 on glibc
            "glibc, 137, 152, 160",
            // mmapped: chunk 131088 >= 128 KiB -> ALIGN_UP(chunk + 8, 4096) = 135168
            "glibc, 131072, 135152, 135168",
            "power-of-two, 0, 16, 16",
            "power-of-two, 17, 32, 32",
            "power-of-two, 128, 128, 128",
            "power-of-two, 129, 256, 256",  // Feature #12025: the 128 -> 256 step
            "power-of-two, 2048, 2048, 2048",
            "power-of-two, 2049, 4096, 4096",
            "power-of-two, 8000001, 8003584, 8003584",
            "jemalloc-3, 1, 8, 8",
            "jemalloc-3, 9, 16, 16",
            "jemalloc-3, 128, 128, 128",
            "jemalloc-3, 129, 160, 160",
            "jemalloc-3, 257, 320, 320",
            "jemalloc-3, 3584, 3584, 3584",
            "jemalloc-3, 3585, 4096, 4096",
            "jemalloc-5, 129, 160, 160",
            "jemalloc-5, 14336, 14336, 14336",
            "jemalloc-5, 14337, 16384, 20480", // large extent + one cache-oblivious pad page
            "jemalloc-5, 8000000, 8388608, 8392704",
            "jemalloc-2, 128, 128, 128",
            "jemalloc-2, 129, 192, 192",   // Feature #12025: Naruse's "next allocation size of 128 is 192"
            "jemalloc-2, 513, 768, 768",
            "jemalloc-2, 3841, 4096, 4096",
            "darwin, 0, 16, 16",
            "darwin, 128, 128, 128",
            "darwin, 129, 144, 144",
            "darwin, 1008, 1008, 1008",
            "darwin, 1009, 1024, 1024",    // first small block: 2 quanta of 512
            "darwin, 32768, 32768, 32768",
            "darwin, 32769, 36864, 36864",
    })
    void sizeClasses_matchTheirSource(String allocator, long request, long usable, long footprint) {
        Allocator a = Allocators.byName(allocator);
        assertThat(a.usableSize(request)).as("usable").isEqualTo(usable);
        assertThat(a.footprint(request)).as("footprint").isEqualTo(footprint);
        assertThat(a.waste(request)).isEqualTo(usable - request);
    }

    @Test
    void byName_unknown_listsKnownNames() {
        assertThatThrownBy(() -> Allocators.byName("tcmalloc"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("unknown allocator 'tcmalloc'")
                .hasMessageContaining("glibc, jemalloc-3, jemalloc-5, power-of-two, darwin");
    }

    @Test
    void registry_namesMatchInstances() {
        for (String n : Allocators.names()) {
            assertThat(Allocators.byName(n).name()).isEqualTo(n);
        }
        assertThat(Allocators.parseList("glibc, darwin")).extracting(Allocator::name)
                .containsExactly("glibc", "darwin");
    }

    @Test
    void negativeRequest_isRejectedWithTheRule() {
        assertThatThrownBy(() -> new GlibcMalloc().usableSize(-1))
                .hasMessage("malloc request must be >= 0 bytes, got -1");
    }

    @Test
    void rss_millionOf129_onPowerOfTwo_isTwiceTheMillionOf128() {
        Allocator p = new PowerOfTwoMalloc();
        RssEstimate r128 = p.rss(128, 1_000_000);
        RssEstimate r129 = p.rss(129, 1_000_000);
        assertThat(r128.residentKib()).isEqualTo(125_000.0);
        assertThat(r129.residentKib()).isEqualTo(250_000.0);
        assertThat(r129.wasteBytes()).isEqualTo(127L * 1_000_000);
    }

    @Test
    void rss_glibcArena_packsMixedSizesTogether() {
        RssEstimate r = new GlibcMalloc().rss(Map.of(24L, 100L, 100L, 100L));
        // 100 * 32 + 100 * 112 = 14,400 B -> 4 pages
        assertThat(r.footprintBytes()).isEqualTo(14_400);
        assertThat(r.residentPages()).isEqualTo(4);
    }

    @Test
    void sweep_showsTheStepAt129_onEachClassTable() {
        var rows = SizeClassSweep.sweep(Allocators.all(), 128, 129, 1);
        assertThat(rows).hasSize(2 * Allocators.names().size());
        assertThat(rows).filteredOn(r -> r.allocator().equals("power-of-two") && r.requestBytes() == 129)
                .singleElement().extracting(SizeClassSweep.Row::usableBytes).isEqualTo(256L);
        assertThat(rows).filteredOn(r -> r.allocator().equals("glibc"))
                .extracting(SizeClassSweep.Row::footprintBytes).containsOnly(144L);
        assertThatThrownBy(() -> SizeClassSweep.sweep(Allocators.all(), 10, 5, 1))
                .hasMessageContaining("0 <= from <= to");
    }
}
