package org.slotlab.app.calibrate;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;

/**
 * Fake {@code ruby} executables: /bin/sh scripts that answer the runner's RUBY_VERSION query
 * ({@code ruby --disable-gems -e ...}) and then do what a test needs for each probe (the argument
 * ending in .rb is the probe script's path), as model's RubyProbeRunnerTest makes them.
 */
public final class FakeRubies {

    /** Debian 12's ruby 3.1.2, committed layout.rb output. */
    public static final String LAYOUT_31 = "/sample-data/measured/layout-ruby-3.1.2-debian12-x86_64.json";
    /** Debian 12's ruby 3.1.2, committed calibration readings (timing.rb's units and harness.rb's harnesses). */
    public static final String READINGS_31 = "/sample-data/measured/calibration-ruby-3.1.2-debian12-x86_64.json.gz";
    /** Debian 12's ruby 3.1.2, committed measure.rb output (frozen source). */
    public static final String MEASURE_31 = "/calibrate/measure-frozen-ruby-3.1.2.json";

    private FakeRubies() {
    }

    /** A script answering {@code version} and then running {@code body}. */
    public static Path script(Path dir, String version, String body) throws IOException {
        Path p = dir.resolve("ruby");
        String s = "#!/bin/sh\n"
                + "if [ \"$2\" = \"-e\" ]; then printf '%s' '" + version + "'; exit 0; fi\n"
                + body + "\n";
        Files.writeString(p, s, StandardCharsets.UTF_8);
        Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwxr-xr-x"));
        return p;
    }

    /** Copies a classpath resource into {@code dir}. */
    public static Path resource(Path dir, String resource) throws IOException {
        try (InputStream in = FakeRubies.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IOException("test resource missing: " + resource);
            }
            Path f = dir.resolve(resource.substring(resource.lastIndexOf('/') + 1));
            Files.copy(in, f, StandardCopyOption.REPLACE_EXISTING);
            return f;
        }
    }

    /** Prints the committed output of each probe, from the committed 3.1.2 readings. */
    public static Path replaying(Path dir) throws IOException {
        return script(dir, "3.1.2", replayCases(dir, LAYOUT_31, READINGS_31, MEASURE_31));
    }

    /**
     * The {@code case} statement of a fake that replays a calibration: {@code layout.rb} prints
     * {@code layoutResource}; {@code harness.rb NAME} and {@code timing.rb units | MODE UNIT}
     * print what the readings hold for them (a harness they lack exits 3 with benchmark-ips's
     * message); {@code measure.rb} prints {@code measureResource}. The probe script is whichever
     * argument ends in {@code .rb}; the arguments after it follow.
     */
    public static String replayCases(Path dir, String layoutResource, String readingsResource, String measureResource) throws IOException {
        StringBuilder b = new StringBuilder();
        b.append("script=''; for a in \"$@\"; do case \"$a\" in *.rb) script=$a ;; esac; done\n");
        b.append("shift_to_script() { while [ \"$#\" -gt 0 ] && [ \"$1\" != \"$script\" ]; do shift; done; shift; echo \"$@\"; }\n");
        b.append("rest=$(shift_to_script \"$@\")\n");
        b.append("case \"$script\" in\n");
        if (layoutResource != null) {
            b.append("  *layout.rb) cat '").append(resource(dir, layoutResource)).append("' ;;\n");
        }
        if (readingsResource != null) {
            Path out = dir.resolve("readings");
            Files.createDirectories(out);
            com.fasterxml.jackson.databind.JsonNode root;
            try (InputStream in = FakeRubies.class.getResourceAsStream(readingsResource)) {
                if (in == null) {
                    throw new IOException("test resource missing: " + readingsResource);
                }
                root = new com.fasterxml.jackson.databind.ObjectMapper().readTree(new java.util.zip.GZIPInputStream(in));
            }
            com.fasterxml.jackson.databind.node.ObjectNode units = com.fasterxml.jackson.databind.node.JsonNodeFactory.instance.objectNode();
            units.put("probe", "timing");
            var list = units.putArray("units");
            java.util.Set<String> seen = new java.util.HashSet<>();
            for (var t : root.path("timing")) {
                String id = t.path("unit").asText();
                if (seen.add(id)) {
                    var u = list.addObject();
                    u.put("id", id);
                    u.set("env", t.path("env"));
                    Files.writeString(out.resolve("timing-" + id + ".json"), t.toString());
                }
            }
            Files.writeString(out.resolve("units.json"), units.toString());
            for (var h : root.path("harnesses")) {
                Files.writeString(out.resolve("harness-" + h.path("harness").asText() + ".json"), h.toString());
            }
            b.append("  *harness.rb) set -- $rest; f='").append(out).append("/harness-'$1'.json'; ")
                    .append("if [ -f \"$f\" ]; then cat \"$f\"; else echo 'harness.rb: not installed for this Ruby' >&2; exit 3; fi ;;\n");
            b.append("  *timing.rb) set -- $rest; if [ \"$1\" = units ]; then cat '").append(out).append("/units.json'; ")
                    .append("else echo \"slotlab-progress 0 1 $2\" >&2; cat '").append(out).append("/timing-'$2'.json'; fi ;;\n");
        }
        if (measureResource != null) {
            b.append("  *measure.rb) echo 'slotlab-progress 1 4 len 23' >&2; cat '").append(resource(dir, measureResource)).append("' ;;\n");
        }
        b.append("  *) echo \"unexpected probe $script\" >&2; exit 3 ;;\nesac");
        return b.toString();
    }

    /** Answers layout.rb, then hangs in timing.rb after one progress line, its pid in {@code pidFile}. */
    public static Path hangingInTiming(Path dir, Path pidFile) throws IOException {
        String cases = replayCases(dir, LAYOUT_31, READINGS_31, null);
        int at = cases.indexOf("  *timing.rb)");
        String hang = "  *timing.rb) set -- $rest; if [ \"$1\" = units ]; then echo '{\"probe\":\"timing\",\"units\":[{\"id\":\"calls\",\"env\":{}}]}'; "
                + "else echo $$ > '" + pidFile + "'; echo 'slotlab-progress 1 20 first row' >&2; exec sleep 600; fi ;;\n";
        return script(dir, "3.1.2", cases.substring(0, at) + hang + cases.substring(cases.indexOf('\n', at) + 1));
    }
}
