package org.slotlab.model.parsers;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.slotlab.model.layout.RubyLayout;
import org.slotlab.model.string.SourceState;
import org.slotlab.model.string.SubseqPolicies;

/** Objects per line and per value of each parser on hand-made lines, counted step by step (ruby-3.4). */
class ParserModelsTest {

    private static final RubyLayout L34 = RubyLayout.ruby34();
    private static final String MEDIUM = "Content-Type: text/html; charset=utf-8"; // value 24 B

    private static Trace trace(String parser, String policy, String line) {
        return Parsers.byName(parser).trace(L34, SubseqPolicies.parse(policy), line);
    }

    @ParameterizedTest(name = "{0} {1}: {2} objects per line, value costs {3}")
    @CsvSource({
        // line, MatchData + frozen copy (sub), sub copy, strip copy, Array, MatchData + frozen copy (split), key, value (+ root)
        "net-http, master,       11, 2",
        "net-http, cutoff:128,   10, 1",
        "net-http, cutoff:256,   10, 1",
        // line, read buffer's tail (here the final CRLF), MatchData + frozen copy, key, value, Array:
        // the value's root is the MatchData's copy either way
        "falcon,   master,        7, 1",
        "falcon,   cutoff:256,    7, 1",
    })
    void headerLine_objectsPerLineAndPerValue(String parser, String policy, int perLine, int perValue) {
        Trace t = trace(parser, policy, MEDIUM);
        assertThat(t.objects()).isEqualTo(perLine);
        assertThat(t.slices("value")).singleElement().satisfies(v -> assertThat(v.objects()).isEqualTo(perValue));
    }

    @Test
    void netHttp_valueIsTailOfUnfrozenUnsharedLine_masterAddsAnEmbeddedRootOfTheWholeLine() {
        Trace t = trace("net-http", "master", MEDIUM);
        ValueSlice v = t.slices("value").get(0);
        assertThat(v.suffix()).isTrue();
        assertThat(v.sourceState()).isEqualTo(SourceState.UNFROZEN_UNSHARED);
        assertThat(v.len()).isEqualTo(24);
        assertThat(t.objects("frozen root")).isEqualTo(1);
        // the root copies the whole 38-byte stripped line: 24 + 38 + 1 = 63 B -> the 80 B slot
        assertThat(t.allocations()).filteredOn(a -> a.role().equals("frozen root"))
                .singleElement().satisfies(a -> assertThat(a.slotBytes()).isEqualTo(80));
    }

    @Test
    void netHttp_shortValue_embeddedOnMaster_noRoot() {
        Trace t = trace("net-http", "master", "Vary: Accept");
        assertThat(t.objects()).isEqualTo(10);
        assertThat(t.slices("value").get(0).embedded()).isTrue();
        assertThat(t.objects("frozen root")).isZero();
    }

    @Test
    void netHttp_lineLongerThanAnyEmbeddedString_sharesTheRootTheFirstMatchMade() {
        String line = "Content-Security-Policy: " + "x".repeat(700);
        for (String policy : List.of("master", "cutoff:256")) {
            Trace t = trace("net-http", policy, line);
            ValueSlice v = t.slices("value").get(0);
            assertThat(v.sourceState()).as(policy).isEqualTo(SourceState.ALREADY_SHARED);
            assertThat(v.shared()).as(policy).isTrue();
            assertThat(v.objects()).as(policy).isEqualTo(1);
            // line, its root + sub's shared header, MatchData, strip's root + header, Array, MatchData, key, value
            assertThat(t.objects()).as(policy).isEqualTo(10);
        }
    }

    @Test
    void falcon_valueSlicesTheMatchDatasFrozenCopy() {
        ValueSlice v = trace("falcon", "master", MEDIUM).slices("value").get(0);
        assertThat(v.sourceState()).isEqualTo(SourceState.FROZEN);
        assertThat(v.shared()).isTrue();
        assertThat(trace("falcon", "cutoff:256", MEDIUM).slices("value").get(0).embedded()).isTrue();
    }

    @Test
    void falcon_readBufferTail_isASuffixOfAFrozenBuffer_sharedFreeOnMaster_copiedUnderACutoff() {
        List<String> head = List.of(MEDIUM, "Vary: Accept");
        for (String policy : List.of("master", "cutoff:256")) {
            StringMachine m = new StringMachine(L34, SubseqPolicies.parse(policy));
            Parsers.byName("falcon").parseHead(m, head);
            Trace t = m.trace();
            List<ValueSlice> tails = t.slices("read buffer");
            assertThat(tails).hasSize(2);
            // after the first line: "Vary: Accept\r\n\r\n" = 16 B of a frozen buffer
            assertThat(tails.get(0).len()).isEqualTo(16);
            assertThat(tails.get(0).sourceState()).isEqualTo(SourceState.FROZEN);
            assertThat(tails.get(0).objects()).isEqualTo(1);
            assertThat(tails.get(0).shared()).as(policy).isEqualTo(policy.equals("master"));
            assertThat(t.objects()).as(policy).isEqualTo(14);
        }
    }

    @ParameterizedTest(name = "ltsv {0}: {1} objects, values cost {2}")
    @CsvSource({
        // line, Array, 2 pair copies (the last, 10 B, embeds), per pair: Array + key + value; the ua value (31 B) adds a root on master; Hash
        "master,      12, '2,1'",
        "cutoff:128,  11, '1,1'",
        "cutoff:256,  11, '1,1'",
    })
    void ltsv_valueIsTailOfUnfrozenPair(String policy, int perLine, String perValue) {
        Trace t = trace("ltsv", policy, "ua:Mozilla/5.0 (X11; Linux x86_64)\tstatus:200");
        assertThat(t.objects()).isEqualTo(perLine);
        assertThat(t.slices("value").stream().map(v -> Integer.toString(v.objects())).toList())
                .containsExactly(perValue.split(","));
        assertThat(t.slices("value").get(0).sourceState()).isEqualTo(SourceState.UNFROZEN_UNSHARED);
    }

    @Test
    void ltsv_lastPairIsASuffixOfTheLine_soItsValueReusesThatRoot() {
        Trace t = trace("ltsv", "master", "host:127.0.0.1\tua:Mozilla/5.0 (X11; Linux x86_64)");
        List<ValueSlice> values = t.slices("value");
        assertThat(values.get(1).sourceState()).isEqualTo(SourceState.ALREADY_SHARED);
        assertThat(values.get(1).objects()).isEqualTo(1);
        assertThat(t.objects("frozen root")).isEqualTo(1);
    }

    @Test
    void parsers_unknownName_messageListsKnown() {
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> Parsers.parseList("--parser", "net-http,nope"))
                .hasMessage("--parser: unknown parser 'nope' (known: net-http, ltsv, falcon)");
    }
}
