package org.slotlab.model.parsers;

import java.util.ArrayList;
import java.util.List;

/**
 * An LTSV workload from {@code sample-data/ltsv/} (listed in {@code sets.csv}; sources in its
 * README.md): records parsed one at a time ({@link Mode#PER_LINE}, fluentd's in_tail) or the whole
 * file handed to parse as one text ({@link Mode#JOINED}, ruby-bench's fluentd benchmark).
 *
 * @param name    short name
 * @param file    file under sample-data/ltsv
 * @param mode    how the parser receives it
 * @param records the records, one per line, without the newline
 */
public record LtsvSet(String name, String file, Mode mode, List<String> records) {

    public LtsvSet {
        records = List.copyOf(records);
        if (records.isEmpty()) {
            throw new IllegalArgumentException(file + ": no records");
        }
    }

    /** How the parser receives the records. */
    public enum Mode {
        PER_LINE("per-line"), JOINED("joined");

        private final String label;

        Mode(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }

        static Mode parse(String where, String s) {
            for (Mode m : values()) {
                if (m.label.equals(s.trim())) {
                    return m;
                }
            }
            throw new IllegalArgumentException(where + ": unknown mode '" + s + "' (known: per-line, joined)");
        }
    }

    /** The joined text: records each ended by a newline, as ruby-bench builds it. */
    public String joinedText() {
        return String.join("\n", records) + "\n";
    }

    public static List<LtsvSet> loadAll() {
        List<LtsvSet> out = new ArrayList<>();
        for (String[] row : HeaderSet.SampleData.csvRows("ltsv/sets.csv", 3)) {
            String text = HeaderSet.SampleData.text("ltsv/" + row[1]);
            List<String> records = new ArrayList<>();
            for (String l : text.split("\n")) {
                if (!l.isEmpty()) {
                    records.add(l);
                }
            }
            out.add(new LtsvSet(row[0], row[1], Mode.parse("sample-data/ltsv/sets.csv (" + row[0] + ")", row[2]), records));
        }
        return out;
    }
}
