package org.slotlab.app.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine;

/** Runs {@code slotlab} in-process with captured stdout/stderr and reads its CSV output by column name. */
final class CliRun {

    final StringWriter out = new StringWriter();
    final StringWriter err = new StringWriter();
    final int exitCode;

    private CliRun(String... args) {
        CommandLine cl = SlotlabCommand.commandLine();
        cl.setOut(new PrintWriter(out));
        cl.setErr(new PrintWriter(err));
        exitCode = cl.execute(args);
    }

    static CliRun run(String... args) {
        return new CliRun(args);
    }

    String[] lines() {
        return out.toString().split("\\R");
    }

    String header() {
        return lines()[0];
    }

    /** Data rows as column -> cell maps (the generated CSV has no quoted commas in these commands). */
    List<Map<String, String>> rows() {
        String[] lines = lines();
        String[] header = lines[0].split(",");
        return Arrays.stream(lines).skip(1).map(l -> {
            String[] cells = l.split(",", -1);
            Map<String, String> row = new LinkedHashMap<>();
            for (int i = 0; i < header.length; i++) {
                row.put(header[i], cells[i]);
            }
            return row;
        }).toList();
    }

    /** The one row whose cells match the given column=value pairs. */
    Map<String, String> row(String... columnValuePairs) {
        List<Map<String, String>> match = rows().stream().filter(r -> {
            for (int i = 0; i < columnValuePairs.length; i += 2) {
                if (!columnValuePairs[i + 1].equals(r.get(columnValuePairs[i]))) {
                    return false;
                }
            }
            return true;
        }).toList();
        if (match.size() != 1) {
            throw new AssertionError("expected one row with " + Arrays.toString(columnValuePairs) + ", got "
                    + match.size() + " in:\n" + out);
        }
        return match.get(0);
    }

    static double num(Map<String, String> row, String column) {
        return Double.parseDouble(row.get(column));
    }
}
