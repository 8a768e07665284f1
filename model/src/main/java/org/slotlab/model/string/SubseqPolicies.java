package org.slotlab.model.string;

import java.util.List;
import org.slotlab.model.layout.RubyLayout;

/**
 * The registry of substring policies, each with a short name, in the style of Caffeine's
 * simulator registry. Names: {@code master} (CRuby today: embed only when the bytes fit the
 * sizeof(RString) slot str_alloc_heap took, string.c:3017-3053), {@code always-embed} (the
 * thread's first patch: embed whenever STR_EMBEDDABLE_P), {@code cutoff:N} (embed when
 * rb_str_embed_size(len + termlen) <= N and allocatable: STR_SUBSEQ_EMBED_MAX_SIZE in Feature #22186),
 * {@code frozen-rule:N} or {@code frozen-rule:N:M} (byroot's idea in Feature #22186: cutoff N when
 * sharing would allocate a root, else master's rule, or cutoff M). Any name may end in
 * {@code +middle} to let middle substrings share (#19315).
 */
public final class SubseqPolicies {

    private SubseqPolicies() {}

    /** Names to show a user, with a placeholder for the parameter. */
    public static List<String> catalogue() {
        return List.of("master", "always-embed", "cutoff:N", "frozen-rule:N", "frozen-rule:N:M", "<any>+middle");
    }

    public static SubseqPolicy master() {
        return new Master();
    }

    public static SubseqPolicy alwaysEmbed() {
        return new AlwaysEmbed();
    }

    public static SubseqPolicy cutoff(int n) {
        return new Cutoff(n);
    }

    /** Cutoff {@code n} when the source would need a root; master's rule otherwise. */
    public static SubseqPolicy frozenRule(int n) {
        return new FrozenRule(n, -1);
    }

    /** Cutoff {@code n} when the source would need a root; cutoff {@code m} otherwise. */
    public static SubseqPolicy frozenRule(int n, int m) {
        return new FrozenRule(n, m);
    }

    public static SubseqPolicy withSharableMiddle(SubseqPolicy p) {
        return p.sharableMiddle() ? p : new Middle(p);
    }

    /** Parses a policy name; the message names the part that is wrong. */
    public static SubseqPolicy parse(String text) {
        String s = text.trim();
        boolean middle = false;
        if (s.endsWith("+middle")) {
            middle = true;
            s = s.substring(0, s.length() - "+middle".length());
        }
        SubseqPolicy p;
        if (s.equals("master")) {
            p = master();
        } else if (s.equals("always-embed")) {
            p = alwaysEmbed();
        } else if (s.startsWith("cutoff:")) {
            p = cutoff(parseBytes(text, s.substring("cutoff:".length())));
        } else if (s.startsWith("frozen-rule:")) {
            String[] parts = s.substring("frozen-rule:".length()).split(":");
            if (parts.length == 1) {
                p = frozenRule(parseBytes(text, parts[0]));
            } else if (parts.length == 2) {
                p = frozenRule(parseBytes(text, parts[0]), parseBytes(text, parts[1]));
            } else {
                throw new IllegalArgumentException("policy '" + text + "': frozen-rule takes N or N:M");
            }
        } else {
            throw new IllegalArgumentException("unknown policy '" + text + "' (known: master, always-embed, cutoff:N, "
                    + "frozen-rule:N, frozen-rule:N:M, each optionally +middle)");
        }
        return middle ? withSharableMiddle(p) : p;
    }

    private static int parseBytes(String policy, String n) {
        try {
            int v = Integer.parseInt(n.trim());
            if (v < 0) {
                throw new IllegalArgumentException("policy '" + policy + "': cutoff must be >= 0 bytes, got " + v);
            }
            return v;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("policy '" + policy + "': cutoff must be a whole number of bytes, got '" + n + "'");
        }
    }

    static int rightSizedSlot(SubseqContext ctx) {
        RubyLayout l = ctx.layout();
        if (l.embedRule() == RubyLayout.EmbedRule.FIXED) {
            return l.slotSize(l.rstringHeap());
        }
        return l.slotSize(l.heapIndexForSize(ctx.embedSize()));
    }

    record Master() implements SubseqPolicy {
        public String name() {
            return "master";
        }

        public boolean embeds(SubseqContext ctx) {
            RubyLayout l = ctx.layout();
            return ctx.len() <= l.embedCapa(l.rstringSize()) - ctx.termLen(); // len + termlen could pass LONG_MAX
        }

        public int embedSlotSize(SubseqContext ctx) {
            return ctx.layout().slotSize(ctx.layout().rstringHeap());
        }
    }

    record AlwaysEmbed() implements SubseqPolicy {
        public String name() {
            return "always-embed";
        }

        public boolean embeds(SubseqContext ctx) {
            return ctx.layout().isEmbeddable(ctx.len(), ctx.termLen());
        }

        public int embedSlotSize(SubseqContext ctx) {
            return rightSizedSlot(ctx);
        }
    }

    record Cutoff(int cutoff) implements SubseqPolicy {
        public String name() {
            return "cutoff:" + cutoff;
        }

        public boolean embeds(SubseqContext ctx) {
            if (new Master().embeds(ctx)) {
                return true;
            }
            return ctx.embedSize() <= cutoff && ctx.layout().isEmbeddable(ctx.len(), ctx.termLen());
        }

        public int embedSlotSize(SubseqContext ctx) {
            return rightSizedSlot(ctx);
        }
    }

    record FrozenRule(int unfrozenCutoff, int frozenCutoff) implements SubseqPolicy {
        public String name() {
            return "frozen-rule:" + unfrozenCutoff + (frozenCutoff >= 0 ? ":" + frozenCutoff : "");
        }

        private SubseqPolicy delegate(SubseqContext ctx) {
            if (ctx.source().sharingNeedsRoot()) {
                return new Cutoff(unfrozenCutoff);
            }
            return frozenCutoff >= 0 ? new Cutoff(frozenCutoff) : new Master();
        }

        public boolean embeds(SubseqContext ctx) {
            return delegate(ctx).embeds(ctx);
        }

        public int embedSlotSize(SubseqContext ctx) {
            return delegate(ctx).embedSlotSize(ctx);
        }
    }

    record Middle(SubseqPolicy inner) implements SubseqPolicy {
        public String name() {
            return inner.name() + "+middle";
        }

        public boolean embeds(SubseqContext ctx) {
            return inner.embeds(ctx);
        }

        public int embedSlotSize(SubseqContext ctx) {
            return inner.embedSlotSize(ctx);
        }

        public boolean sharableMiddle() {
            return true;
        }
    }
}
