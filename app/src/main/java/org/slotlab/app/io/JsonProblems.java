package org.slotlab.app.io;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What is wrong with a JSON file Slotlab writes (a scenario, a talk), in a person's words: a key
 * twice, text after the value, a file cut short, or the parser's own first line with the names of
 * its Java classes and features taken out. One line, a few hundred characters at most.
 */
public final class JsonProblems {

    private static final Pattern DUPLICATE = Pattern.compile("^Duplicate field '(.{0,200})'");
    /** Jackson quotes class and feature names in backticks ({@code `com.fasterxml...JsonNode`}). */
    private static final Pattern BACKTICKED = Pattern.compile("\\s*\\([^()]*`[^`]*`[^()]*\\)|`[^`]*`");
    private static final int MAX_CHARS = 300;

    private JsonProblems() {}

    /** "where:line: problem" for a parser failure of the file {@code where}. */
    public static String describe(String where, JsonProcessingException e) {
        JsonLocation loc = e.getLocation();
        String line = loc == null || loc.getLineNr() <= 0 ? "?" : Integer.toString(loc.getLineNr());
        String what = e.getOriginalMessage() == null ? "" : e.getOriginalMessage().lines().findFirst().orElse("");
        Matcher dup = DUPLICATE.matcher(what);
        String problem;
        if (dup.find()) {
            problem = "key '" + dup.group(1) + "' appears twice in one object"
                    + (loc == null ? "" : " (the second time at line " + loc.getLineNr() + ", column " + loc.getColumnNr() + ")")
                    + "; each key may appear once";
        } else if (what.startsWith("Trailing token")) {
            problem = "more text after the JSON value; only one JSON value may be in the file";
        } else if (what.contains("end-of-input")) {
            problem = "unexpected end of JSON; is the file truncated?";
        } else {
            String plain = BACKTICKED.matcher(what).replaceAll("").trim();
            problem = "not valid JSON (" + (plain.length() > MAX_CHARS ? plain.substring(0, MAX_CHARS) + "..." : plain) + ")";
        }
        return where + ":" + line + ": " + problem;
    }
}
