package org.slotlab.app.scenario;

import org.slotlab.model.string.SubseqPolicies;
import org.slotlab.model.string.SubseqPolicy;

/**
 * A candidate str_subseq policy taken apart into the controls of the cutoff editor, and put back
 * together as the policy name {@link SubseqPolicies#parse} reads ({@code cutoff:256},
 * {@code frozen-rule:256:64+middle}, {@code always-embed}). CRuby: string.c str_subseq.
 *
 * @param cutoff         STR_SUBSEQ_EMBED_MAX_SIZE, bytes (kept while always-embed is on)
 * @param frozenRule     byroot's frozen-source rule: the cutoff only where sharing needs a new root
 * @param secondCutoff   cutoff for sources that need no root when the rule is on; null = master's rule
 * @param alwaysEmbed    embed whenever STR_EMBEDDABLE_P (no cutoff)
 * @param sharableMiddle let middle substrings share too (Feature #19315)
 * @param master         the policy is master's rule itself
 */
public record CandidateSpec(int cutoff, boolean frozenRule, Integer secondCutoff, boolean alwaysEmbed,
        boolean sharableMiddle, boolean master) {

    /** The cutoff shown when the policy names none (master, always-embed): the one Feature #22186 settled on. */
    public static final int DEFAULT_CUTOFF = 256;

    /** Takes a policy name apart; an unknown name throws with SubseqPolicies' message. */
    public static CandidateSpec of(String policy) {
        SubseqPolicies.parse(policy);
        String p = policy.strip();
        boolean middle = p.endsWith("+middle");
        String base = middle ? p.substring(0, p.length() - "+middle".length()) : p;
        if (base.equals("always-embed")) {
            return new CandidateSpec(DEFAULT_CUTOFF, false, null, true, middle, false);
        }
        if (base.equals("master")) {
            return new CandidateSpec(DEFAULT_CUTOFF, false, null, false, middle, true);
        }
        String[] parts = base.split(":");
        if (parts[0].equals("frozen-rule")) {
            return new CandidateSpec(Integer.parseInt(parts[1]), true, parts.length > 2 ? Integer.valueOf(parts[2]) : null,
                    false, middle, false);
        }
        return new CandidateSpec(Integer.parseInt(parts[1]), false, null, false, middle, false);
    }

    /** The policy name these controls describe. */
    public String policy() {
        String base = alwaysEmbed ? "always-embed" : master ? "master"
                : frozenRule ? "frozen-rule:" + cutoff + (secondCutoff == null ? "" : ":" + secondCutoff)
                : "cutoff:" + cutoff;
        return base + (sharableMiddle ? "+middle" : "");
    }

    public SubseqPolicy toPolicy() {
        return SubseqPolicies.parse(policy());
    }

    /** The same controls with another cutoff (a slider step): a master candidate becomes cutoff:N. */
    public CandidateSpec withCutoff(int bytes) {
        return new CandidateSpec(bytes, frozenRule, secondCutoff, alwaysEmbed, sharableMiddle, false);
    }
}
