package org.slotlab.app.cli;

import java.io.PrintWriter;
import java.util.List;
import org.slotlab.charts.table.CsvWriter;
import org.slotlab.charts.table.MarkdownWriter;
import org.slotlab.charts.table.Table;
import org.slotlab.model.string.StringBufferRules;
import org.slotlab.model.malloc.Allocator;
import org.slotlab.model.malloc.Allocators;
import picocli.CommandLine.Model.CommandSpec;

/**
 * What the three buffer predictions ({@code predict str-buf}, seed 003; {@code predict
 * json-unescape}, seed 004; {@code predict require-index}, seed 001) read from their options and
 * how they print: the string-buffer era of {@code --era}/{@code --layout} (CRuby: string.c
 * STR_BUF_MIN_SIZE, RUBY_FACTS.md "Buffers, capacity, resize"), the allocators of
 * {@code --allocator}, the refusal of a {@code --profile} they would ignore, and a table as CSV or
 * Markdown on the command's stdout. Each error names the option it is about. Kept in one place so
 * the three commands cannot drift apart; their options stay in each command, since their
 * defaults and help texts differ.
 */
final class BufferPredictions {

    private BufferPredictions() {
    }

    /**
     * The string-buffer era for {@code --era} or {@code --layout}: {@code --era} wins; a layout
     * preset without string-buffer rules is rejected, naming the option.
     */
    static StringBufferRules rules(String era, String layout) {
        if (era != null) {
            try {
                return StringBufferRules.byName(era);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("--era: " + e.getMessage());
            }
        }
        String name = layout == null ? "ruby-3.4" : layout.trim();
        return switch (name) {
            case "ruby-3.1" -> StringBufferRules.ruby31();
            case "ruby-3.4" -> StringBufferRules.ruby34();
            default -> throw new IllegalArgumentException("--layout: '" + layout + "' has no string-buffer rules "
                    + "(known: ruby-3.1, ruby-3.4; or --era ruby-2.4-before|ruby-2.4-after|ruby-3.1|ruby-3.4)");
        };
    }

    /** The allocators of a comma-separated {@code --allocator} value. */
    static List<Allocator> allocators(String list) {
        try {
            return Allocators.parseList(list);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--allocator: " + e.getMessage());
        }
    }

    /** These scenarios count bytes and calls, not a fitted CostProfile: a --profile would be silently ignored. */
    static void rejectProfile(ModelOptions model, String command) {
        if (model.profile != null) {
            throw new IllegalArgumentException("--profile: " + command + " uses no cost profile (it counts bytes, "
                    + "pages and calls); drop --profile");
        }
    }

    /** The table as Markdown ({@code --format markdown}) or CSV. */
    static String write(Table t, boolean md) {
        return md ? MarkdownWriter.write(t) : CsvWriter.write(t);
    }

    /** Prints {@code text} on the command's stdout and flushes it. */
    static void print(CommandSpec spec, String text) {
        PrintWriter pw = spec.commandLine().getOut();
        pw.print(text);
        pw.flush();
    }
}
