package org.slotlab.model.layout;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

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
    }

    /** Reads a boot state written by {@link #writeBoot}; messages name the field. */
    public static BootState readBoot(JsonNode boot) {
        if (!boot.isObject()) {
            throw new IllegalArgumentException("'boot' must be an object");
        }
        return new BootState(ints(boot, "pages"), longs(boot, "liveSlots"), longs(boot, "oldSlots"),
                boot.path("provenance").asText(""), boot.path("gcsSinceMajor").asInt(-1));
    }

    /** Reads a layout; {@code where} prefixes messages (e.g. the file name). */
    public static RubyLayout fromJson(JsonNode o, String where) {
        try {
            RubyLayout.Builder b = RubyLayout.builder(text(o, "name"))
                    .description(o.path("description").asText("custom layout"))
                    .slotSizes(ints(o, "slotSizes"))
                    .pageSize(integer(o, "pageSize"))
                    .pageHeaderBytes(o.path("pageHeaderBytes").asInt(8))
                    .rstringSize(integer(o, "rstringSize"))
                    .embedOffset(integer(o, "embedOffset"))
                    .fixedEmbedCapa(o.path("fixedEmbedCapa").asInt(24))
                    .termLen(o.path("termLen").asInt(1))
                    .embedRule(RubyLayout.EmbedRule.valueOf(o.path("embedRule").asText("VARIABLE_WIDTH")));
            JsonNode g = o.path("gc");
            if (g.isObject()) {
                GcParams d = GcParams.ruby34();
                b.gc(new GcParams(g.path("heapInitSlots").asInt(d.heapInitSlots()), g.path("heapFreeSlots").asInt(d.heapFreeSlots()),
                        g.path("growthFactor").asDouble(d.growthFactor()), g.path("growthMaxSlots").asInt(0),
                        g.path("freeSlotsMinRatio").asDouble(d.freeSlotsMinRatio()),
                        g.path("freeSlotsGoalRatio").asDouble(d.freeSlotsGoalRatio()),
                        g.path("freeSlotsMaxRatio").asDouble(d.freeSlotsMaxRatio()),
                        g.path("oldObjectLimitFactor").asDouble(d.oldObjectLimitFactor()), g.path("oldAge").asInt(d.oldAge()),
                        g.path("mallocLimitMin").asLong(d.mallocLimitMin()), g.path("mallocLimitMax").asLong(d.mallocLimitMax()),
                        g.path("mallocLimitGrowthFactor").asDouble(d.mallocLimitGrowthFactor()),
                        g.path("oldmallocLimitMin").asLong(d.oldmallocLimitMin()),
                        g.path("oldmallocLimitMax").asLong(d.oldmallocLimitMax()),
                        g.path("oldmallocLimitGrowthFactor").asDouble(d.oldmallocLimitGrowthFactor()),
                        g.path("growthBySlotsBudget").asBoolean(true), g.path("heapInitBytes").asLong(0),
                        g.path("sweepFreesOffsetMalloc").asBoolean(d.sweepFreesOffsetMalloc()),
                        g.path("promoteFromOldParent").asBoolean(d.promoteFromOldParent())));
            }
            JsonNode boot = o.path("boot");
            if (boot.isObject()) {
                b.boot(readBoot(boot));
            }
            return b.build();
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(where + ": layout: " + e.getMessage());
        }
    }

    private static String text(JsonNode o, String f) {
        if (!o.path(f).isTextual()) {
            throw new IllegalArgumentException("'" + f + "' must be a string");
        }
        return o.path(f).asText();
    }

    private static int integer(JsonNode o, String f) {
        if (!o.path(f).isIntegralNumber()) {
            throw new IllegalArgumentException("'" + f + "' must be a whole number");
        }
        return o.path(f).asInt();
    }

    private static int[] ints(JsonNode o, String f) {
        JsonNode a = o.path(f);
        if (!a.isArray() || a.isEmpty()) {
            throw new IllegalArgumentException("'" + f + "' must be a non-empty array of whole numbers");
        }
        int[] r = new int[a.size()];
        for (int i = 0; i < r.length; i++) {
            if (!a.get(i).isIntegralNumber()) {
                throw new IllegalArgumentException("'" + f + "'[" + i + "] must be a whole number");
            }
            r[i] = a.get(i).asInt();
        }
        return r;
    }

    private static long[] longs(JsonNode o, String f) {
        int[] i = ints(o, f);
        long[] r = new long[i.length];
        for (int k = 0; k < i.length; k++) {
            r[k] = o.path(f).get(k).asLong();
        }
        return r;
    }
}
