package org.slotlab.model.calibrate;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.util.List;

/**
 * What one probe run produced: the JSON document the probe printed on stdout, the lines it
 * wrote on stderr (progress lines and warnings) and how long the process ran. Produced by
 * {@link RubyProbeRunner#run}.
 *
 * @param probe the probe script's resource name, e.g. {@code layout.rb}
 * @param ruby the Ruby that ran it
 * @param json the parsed stdout
 * @param stderrLines stderr, line by line (at most {@link RubyProbeRunner#MAX_STDERR_LINES})
 * @param wallTime wall-clock time from start to exit
 */
public record ProbeResult(String probe, RubyVersion ruby, JsonNode json, List<String> stderrLines, Duration wallTime) {
    public ProbeResult {
        stderrLines = List.copyOf(stderrLines);
    }
}
