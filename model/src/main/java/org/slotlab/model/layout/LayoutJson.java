package org.slotlab.model.layout;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Arrays;
import java.util.Iterator;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * A {@link RubyLayout} as JSON, so a calibrated profile or a scenario file can carry the layout it
 * was read from. Every field is written; reading validates through {@link RubyLayout.Builder}
 * and names the field that is missing or wrong.
 */
public final class LayoutJson {

    private static final ObjectMapper JSON = new ObjectMapper();

    private LayoutJson() {}

    public static ObjectNode toJson(RubyLayout l) {
        ObjectNode o = JSON.createObjectNode();
        o.put("name", l.name());
        o.put("description", l.description());
        ArrayNode slots = o.putArray("slotSizes");
        for (int s : l.slotSizes()) {
            slots.add(s);
        }
        o.put("pageSize", l.pageSize());
        o.put("pageHeaderBytes", l.pageHeaderBytes());
        o.put("rstringSize", l.rstringSize());
        o.put("embedOffset", l.embedOffset());
        o.put("fixedEmbedCapa", l.fixedEmbedCapa());
        o.put("termLen", l.termLen());
        o.put("embedRule", l.embedRule().name());
        GcParams g = l.gc();
        ObjectNode gc = o.putObject("gc");
        gc.put("heapInitSlots", g.heapInitSlots());
        gc.put("heapFreeSlots", g.heapFreeSlots());
        gc.put("growthFactor", g.growthFactor());
        gc.put("growthMaxSlots", g.growthMaxSlots());
        gc.put("freeSlotsMinRatio", g.freeSlotsMinRatio());
        gc.put("freeSlotsGoalRatio", g.freeSlotsGoalRatio());
        gc.put("freeSlotsMaxRatio", g.freeSlotsMaxRatio());
        gc.put("oldObjectLimitFactor", g.oldObjectLimitFactor());
        gc.put("oldAge", g.oldAge());
        gc.put("mallocLimitMin", g.mallocLimitMin());
        gc.put("mallocLimitMax", g.mallocLimitMax());
        gc.put("mallocLimitGrowthFactor", g.mallocLimitGrowthFactor());
        gc.put("oldmallocLimitMin", g.oldmallocLimitMin());
        gc.put("oldmallocLimitMax", g.oldmallocLimitMax());
        gc.put("oldmallocLimitGrowthFactor", g.oldmallocLimitGrowthFactor());
        gc.put("growthBySlotsBudget", g.growthBySlotsBudget());
        gc.put("heapInitBytes", g.heapInitBytes());
        gc.put("sweepFreesOffsetMalloc", g.sweepFreesOffsetMalloc());
        gc.put("promoteFromOldParent", g.promoteFromOldParent());
        writeBoot(o.putObject("boot"), l.boot());
        return o;
    }

    /** Writes a boot state (pages, live and old slots per heap) into {@code boot}. */
    public static void writeBoot(ObjectNode boot, BootState b) {
        ArrayNode pages = boot.putArray("pages");
        ArrayNode live = boot.putArray("liveSlots");
        ArrayNode old = boot.putArray("oldSlots");
        for (int h = 0; h < b.heapCount(); h++) {
            pages.add(b.pages(h));
            live.add(b.live(h));
            old.add(b.old(h));
        }
        boot.put("provenance", b.provenance());
        boot.put("gcsSinceMajor", b.gcsSinceMajor());
        if (!java.util.Arrays.equals(b.occupiedSlots(), b.liveSlots())) {
            ArrayNode occupied = boot.putArray("occupiedSlots");
            for (int h = 0; h < b.heapCount(); h++) {
                occupied.add(b.occupied(h));
            }
        }
    }

    /** Reads a boot state written by {@link #writeBoot}; messages name the field. */
    public static BootState readBoot(JsonNode boot) {
        if (boot == null || !boot.isObject()) {
            throw new IllegalArgumentException("'boot' must be an object, found " + kind(boot));
        }
        known(boot, BOOT_KEYS, "boot");
        return new BootState(ints(boot, "pages"), longs(boot, "liveSlots"), longs(boot, "oldSlots"), text(boot, "provenance", ""),
                integer(boot, "gcsSinceMajor", -1), boot.has("occupiedSlots") ? longs(boot, "occupiedSlots") : null);
    }

    /** Keys of the layout object, of {@code gc} and of {@code boot}: what {@link #toJson} writes. */
    private static final Set<String> LAYOUT_KEYS = Set.of("name", "description", "slotSizes", "pageSize", "pageHeaderBytes",
            "rstringSize", "embedOffset", "fixedEmbedCapa", "termLen", "embedRule", "gc", "boot");
    private static final Set<String> GC_KEYS = Set.of("heapInitSlots", "heapFreeSlots", "growthFactor", "growthMaxSlots",
            "freeSlotsMinRatio", "freeSlotsGoalRatio", "freeSlotsMaxRatio", "oldObjectLimitFactor", "oldAge", "mallocLimitMin",
            "mallocLimitMax", "mallocLimitGrowthFactor", "oldmallocLimitMin", "oldmallocLimitMax", "oldmallocLimitGrowthFactor",
            "growthBySlotsBudget", "heapInitBytes", "sweepFreesOffsetMalloc", "promoteFromOldParent");
    private static final Set<String> BOOT_KEYS = Set.of("pages", "liveSlots", "oldSlots", "provenance", "gcsSinceMajor",
            "occupiedSlots");
    /** Longest name or description. */
    static final int MAX_TEXT_CHARS = 1000;

    /**
     * Reads a layout; {@code where} prefixes messages (e.g. the file name). Nothing is converted:
     * a field holds the JSON type {@link #toJson} writes ({@code "pageSize": "65536"} and
     * {@code 65536.5} are refused, naming the field, the expected type and the value); a key that
     * {@link #toJson} does not write (a misspelt {@code slotsizes}) and an {@code embedRule} other
     * than {@link RubyLayout.EmbedRule}'s are refused rather than left to a default. Fields that are
     * absent take the documented defaults (description "custom layout", pageHeaderBytes 8,
     * fixedEmbedCapa 24, termLen 1, embedRule VARIABLE_WIDTH, the gc values of CRuby 3.4).
     */
    public static RubyLayout fromJson(JsonNode o, String where) {
        try {
            if (o == null || !o.isObject()) {
                throw new IllegalArgumentException("expected a JSON object, found " + kind(o));
            }
            known(o, LAYOUT_KEYS, "layout");
            RubyLayout.Builder b = RubyLayout.builder(text(o, "name", null))
                    .description(text(o, "description", "custom layout"))
                    .slotSizes(ints(o, "slotSizes"))
                    .pageSize(integer(o, "pageSize", null))
                    .pageHeaderBytes(integer(o, "pageHeaderBytes", 8))
                    .rstringSize(integer(o, "rstringSize", null))
                    .embedOffset(integer(o, "embedOffset", null))
                    .fixedEmbedCapa(integer(o, "fixedEmbedCapa", 24))
                    .termLen(integer(o, "termLen", 1))
                    .embedRule(embedRule(o));
            JsonNode g = o.path("gc");
            if (!g.isMissingNode()) {
                if (!g.isObject()) {
                    throw new IllegalArgumentException("'gc' must be an object, found " + kind(g));
                }
                known(g, GC_KEYS, "gc");
                GcParams d = GcParams.ruby34();
                b.gc(new GcParams(integer(g, "heapInitSlots", d.heapInitSlots()), integer(g, "heapFreeSlots", d.heapFreeSlots()),
                        real(g, "growthFactor", d.growthFactor()), integer(g, "growthMaxSlots", 0),
                        real(g, "freeSlotsMinRatio", d.freeSlotsMinRatio()),
                        real(g, "freeSlotsGoalRatio", d.freeSlotsGoalRatio()),
                        real(g, "freeSlotsMaxRatio", d.freeSlotsMaxRatio()),
                        real(g, "oldObjectLimitFactor", d.oldObjectLimitFactor()), integer(g, "oldAge", d.oldAge()),
                        whole(g, "mallocLimitMin", d.mallocLimitMin()), whole(g, "mallocLimitMax", d.mallocLimitMax()),
                        real(g, "mallocLimitGrowthFactor", d.mallocLimitGrowthFactor()),
                        whole(g, "oldmallocLimitMin", d.oldmallocLimitMin()),
                        whole(g, "oldmallocLimitMax", d.oldmallocLimitMax()),
                        real(g, "oldmallocLimitGrowthFactor", d.oldmallocLimitGrowthFactor()),
                        bool(g, "growthBySlotsBudget", true), whole(g, "heapInitBytes", 0L),
                        bool(g, "sweepFreesOffsetMalloc", d.sweepFreesOffsetMalloc()),
                        bool(g, "promoteFromOldParent", d.promoteFromOldParent())));
            }
            JsonNode boot = o.path("boot");
            if (!boot.isMissingNode()) {
                b.boot(readBoot(boot));
            }
            return b.build();
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(where + ": layout: " + e.getMessage());
        }
    }

    private static void known(JsonNode o, Set<String> keys, String what) {
        for (Iterator<String> it = o.fieldNames(); it.hasNext();) {
            String k = it.next();
            if (!keys.contains(k)) {
                throw new IllegalArgumentException("unknown key " + shorten(k) + " in " + what + "; expected some of "
                        + String.join(", ", new TreeSet<>(keys)));
            }
        }
    }

    private static RubyLayout.EmbedRule embedRule(JsonNode o) {
        String rule = text(o, "embedRule", RubyLayout.EmbedRule.VARIABLE_WIDTH.name());
        for (RubyLayout.EmbedRule r : RubyLayout.EmbedRule.values()) {
            if (r.name().equals(rule)) {
                return r;
            }
        }
        throw new IllegalArgumentException("'embedRule' must be one of " + Arrays.stream(RubyLayout.EmbedRule.values())
                .map(Enum::name).collect(Collectors.joining(", ")) + ", found " + shorten(rule));
    }

    /** A string field; {@code def} when absent, or required when {@code def} is null ({@code null} is not a name). */
    private static String text(JsonNode o, String f, String def) {
        JsonNode v = o.get(f);
        if (v == null && def != null) {
            return def;
        }
        if (v == null || !v.isTextual()) {
            throw new IllegalArgumentException("'" + f + "' must be a string, found " + kind(v));
        }
        if (v.asText().length() > MAX_TEXT_CHARS) {
            throw new IllegalArgumentException("'" + f + "' is longer than " + MAX_TEXT_CHARS + " characters (" + v.asText().length() + ")");
        }
        return v.asText();
    }

    /** A whole-number field that fits an int; {@code def} when absent, or required when {@code def} is null. */
    private static int integer(JsonNode o, String f, Integer def) {
        JsonNode v = o.get(f);
        if (v == null && def != null) {
            return def;
        }
        if (v == null || !v.isIntegralNumber() || !v.canConvertToInt()) {
            throw new IllegalArgumentException("'" + f + "' must be a whole number (at most " + Integer.MAX_VALUE + "), found " + kind(v));
        }
        return v.asInt();
    }

    private static long whole(JsonNode o, String f, long def) {
        JsonNode v = o.get(f);
        if (v == null) {
            return def;
        }
        if (!v.isIntegralNumber() || !v.canConvertToLong()) {
            throw new IllegalArgumentException("'" + f + "' must be a whole number, found " + kind(v));
        }
        return v.asLong();
    }

    private static double real(JsonNode o, String f, double def) {
        JsonNode v = o.get(f);
        if (v == null) {
            return def;
        }
        if (!v.isNumber() || !Double.isFinite(v.asDouble())) {
            throw new IllegalArgumentException("'" + f + "' must be a finite number, found " + kind(v));
        }
        return v.asDouble();
    }

    private static boolean bool(JsonNode o, String f, boolean def) {
        JsonNode v = o.get(f);
        if (v == null) {
            return def;
        }
        if (!v.isBoolean()) {
            throw new IllegalArgumentException("'" + f + "' must be true or false, found " + kind(v));
        }
        return v.asBoolean();
    }

    private static int[] ints(JsonNode o, String f) {
        long[] l = longs(o, f);
        int[] r = new int[l.length];
        for (int i = 0; i < r.length; i++) {
            if (l[i] > Integer.MAX_VALUE) {
                throw new IllegalArgumentException("'" + f + "'[" + i + "] must be at most " + Integer.MAX_VALUE + ", found " + l[i]);
            }
            r[i] = (int) l[i];
        }
        return r;
    }

    private static long[] longs(JsonNode o, String f) {
        JsonNode a = o.path(f);
        if (!a.isArray() || a.isEmpty()) {
            throw new IllegalArgumentException("'" + f + "' must be a non-empty array of whole numbers, found " + kind(o.get(f)));
        }
        long[] r = new long[a.size()];
        for (int i = 0; i < r.length; i++) {
            if (!a.get(i).isIntegralNumber() || !a.get(i).canConvertToLong()) {
                throw new IllegalArgumentException("'" + f + "'[" + i + "] must be a whole number, found " + kind(a.get(i)));
            }
            r[i] = a.get(i).asLong();
        }
        return r;
    }

    /** A value's JSON type and (short) text, for a message. */
    private static String kind(JsonNode v) {
        if (v == null || v.isMissingNode()) {
            return "nothing";
        }
        if (v.isNull()) {
            return "null";
        }
        if (v.isTextual()) {
            return "the string " + shorten(v.asText());
        }
        if (v.isNumber() || v.isBoolean()) {
            String t = v.asText();
            return (v.isNumber() ? "the number " : "") + (t.length() > 60 ? t.substring(0, 60) + "..." : t);
        }
        return v.isArray() ? "an array" : "an object";
    }

    private static String shorten(String s) {
        return "\"" + (s.length() > 60 ? s.substring(0, 60) + "... (" + s.length() + " characters)" : s) + "\"";
    }
}
