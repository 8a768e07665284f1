package org.slotlab.model.malloc;

import static org.assertj.core.api.Assertions.assertThat;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.LongRange;

/** Invariants every allocator model keeps, and the waste bound each one documents. */
class AllocatorPropertiesTest {

    @Provide
    Arbitrary<Allocator> allocators() {
        return Arbitraries.of(Allocators.names()).map(Allocators::byName);
    }

    @Provide
    Arbitrary<Long> requests() {
        return Arbitraries.oneOf(
                Arbitraries.longs().between(0, 4096),
                Arbitraries.longs().between(0, 1L << 24),
                Arbitraries.longs().between(0, Allocator.MAX_REQUEST));
    }

    @Property
    void usable_isAtLeastRequested(@ForAll("allocators") Allocator a, @ForAll("requests") long request) {
        assertThat(a.usableSize(request)).isGreaterThanOrEqualTo(request);
    }

    @Property
    void footprint_isAtLeastUsable(@ForAll("allocators") Allocator a, @ForAll("requests") long request) {
        assertThat(a.footprint(request)).isGreaterThanOrEqualTo(a.usableSize(request));
    }

    @Property
    void usable_isMonotonicInRequest(@ForAll("allocators") Allocator a, @ForAll("requests") long request,
                                     @ForAll @LongRange(min = 1, max = 5000) long step) {
        long larger = Math.min(Allocator.MAX_REQUEST, request + step);
        assertThat(a.usableSize(larger)).isGreaterThanOrEqualTo(a.usableSize(request));
    }

    @Property
    void usable_isAFixedPoint(@ForAll("allocators") Allocator a, @ForAll("requests") long request) {
        // A class size asked for again is its own class: rounding is idempotent.
        long usable = a.usableSize(request);
        if (!(a instanceof GlibcMalloc)) {
            assertThat(a.usableSize(usable)).isEqualTo(usable);
        }
    }

    @Property
    void powerOfTwo_wasteAtMostRequestMinusOneOrMinimum(@ForAll("requests") long request) {
        Allocator a = new PowerOfTwoMalloc();
        assertThat(a.waste(request)).isLessThanOrEqualTo(Math.max(request - 1, PowerOfTwoMalloc.MALLOC_MINSIZE));
    }

    @Property
    void jemalloc5_wasteBelowAQuarterOrOneQuantum(@ForAll("requests") long request) {
        Allocator a = new Jemalloc5();
        assertThat(a.waste(request)).isLessThan(Math.max(16, request / 4 + 1));
    }

    @Property
    void jemalloc3_smallWasteBelowAQuarterOrOneQuantum(@ForAll @LongRange(min = 0, max = 3584) long request) {
        assertThat(new Jemalloc3().waste(request)).isLessThan(Math.max(16, request / 4 + 1));
    }

    @Property
    void glibc_heapWasteBelowOneAlignmentUnlessMinimumChunk(@ForAll @LongRange(min = 25, max = 130_000) long request) {
        GlibcMalloc g = new GlibcMalloc();
        if (!g.isMmapped(request)) {
            assertThat(g.waste(request)).isLessThan(GlibcMalloc.MALLOC_ALIGNMENT);
            assertThat(g.footprint(request) - g.usableSize(request)).isEqualTo(GlibcMalloc.SIZE_SZ);
        }
    }

    @Property
    void glibc_mmappedWasteBelowOnePagePlusAlignment(@ForAll @LongRange(min = 131_072, max = 1L << 40) long request) {
        GlibcMalloc g = new GlibcMalloc();
        assertThat(g.isMmapped(request)).isTrue();
        // page rounding of chunk + SIZE_SZ, minus the 16 B mmapped-chunk header
        assertThat(g.waste(request)).isLessThan(Allocator.PAGE_BYTES + GlibcMalloc.MALLOC_ALIGNMENT);
    }

    @Property
    void darwin_wasteBelowItsQuantum(@ForAll("requests") long request) {
        if (request == 0) {
            return; // malloc(0) takes one whole 16 B quantum: waste == quantum
        }
        long waste = new DarwinMalloc().waste(request);
        long quantum = request <= DarwinMalloc.TINY_LIMIT_THRESHOLD ? DarwinMalloc.TINY_QUANTUM
                : request <= DarwinMalloc.SMALL_LIMIT_THRESHOLD ? DarwinMalloc.SMALL_QUANTUM : Allocator.PAGE_BYTES;
        assertThat(waste).isLessThan(quantum);
    }

    @Property
    void rss_coversFootprintInWholePages(@ForAll("allocators") Allocator a,
                                         @ForAll @LongRange(min = 0, max = 200_000) long request,
                                         @ForAll @LongRange(min = 0, max = 10_000) long count) {
        RssEstimate r = a.rss(request, count);
        assertThat(r.residentBytes()).isGreaterThanOrEqualTo(r.footprintBytes());
        assertThat(r.residentBytes() - r.footprintBytes()).isLessThan(a.pageBytes() * Math.max(1, count));
        assertThat(r.residentBytes() % a.pageBytes()).isZero();
    }
}
