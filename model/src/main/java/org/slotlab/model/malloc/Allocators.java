package org.slotlab.model.malloc;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The explicit registry of allocator models, by short name (Caffeine simulator style): the CLI's
 * {@code --allocator glibc,jemalloc-3} and the workbench's allocator list both read it. Every
 * model cites its size-class source in its own Javadoc.
 */
public final class Allocators {

    private static final Map<String, Supplier<Allocator>> REGISTRY = new LinkedHashMap<>();

    static {
        REGISTRY.put("glibc", GlibcMalloc::new);
        REGISTRY.put("jemalloc-3", Jemalloc3::new);
        REGISTRY.put("jemalloc-5", Jemalloc5::new);
        REGISTRY.put("power-of-two", PowerOfTwoMalloc::new);
        REGISTRY.put("darwin", DarwinMalloc::new);
        REGISTRY.put("jemalloc-2", JemallocClassic::new);
    }

    private Allocators() {
    }

    /** Registered names, in display order. */
    public static List<String> names() {
        return List.copyOf(REGISTRY.keySet());
    }

    /** One fresh instance of every registered model. */
    public static List<Allocator> all() {
        List<Allocator> out = new ArrayList<>();
        REGISTRY.values().forEach(s -> out.add(s.get()));
        return out;
    }

    /** The model of that short name; an unknown name gets a message listing the known ones. */
    public static Allocator byName(String name) {
        Supplier<Allocator> s = name == null ? null : REGISTRY.get(name.trim());
        if (s == null) {
            throw new IllegalArgumentException("unknown allocator '" + name + "' (known: "
                    + String.join(", ", names()) + ")");
        }
        return s.get();
    }

    /** Models for a comma-separated list such as {@code "glibc,jemalloc-3"}. */
    public static List<Allocator> parseList(String commaSeparated) {
        List<Allocator> out = new ArrayList<>();
        for (String n : commaSeparated.split(",")) {
            if (!n.isBlank()) {
                out.add(byName(n));
            }
        }
        if (out.isEmpty()) {
            throw new IllegalArgumentException("allocator list is empty (known: " + String.join(", ", names()) + ")");
        }
        return out;
    }
}
