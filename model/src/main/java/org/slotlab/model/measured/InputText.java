package org.slotlab.model.measured;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Locale;

/**
 * The whole text of an input file, read the way every reader of measured results and mappings
 * reads one: only a regular file (a directory, a pipe, a device such as {@code /dev/zero} behind a
 * symlink are refused before anything is opened, so nothing blocks or reads forever), at most
 * {@code maxBytes} bytes (counted while reading, so a file that grows is cut off too), strictly
 * UTF-8 (a UTF-8 byte order mark, as Windows editors write it, is skipped; UTF-16, bytes that are
 * not UTF-8 such as Windows-1252's {@code é} = 0xE9, and NUL bytes are refused with the line where
 * they are). The tools whose output is imported all write UTF-8 text.
 */
public final class InputText {

    /** Largest results file read: far above any tool's output (a 10,000-benchmark ruby-bench JSON is ~10 MB). */
    public static final long MAX_RESULT_BYTES = 64L * 1024 * 1024;
    /** Largest name-mapping file read. */
    public static final long MAX_MAPPING_BYTES = 1024L * 1024;
    private static final int BUFFER = 64 * 1024;

    private InputText() {
    }

    /** The decoded text of a results file, without a leading byte order mark. */
    public static String read(Path file, long maxBytes) throws ImportException {
        return read(file, maxBytes, "a results file", "; is it really a benchmark tool's output?");
    }

    /**
     * The decoded text of {@code file}, without a leading byte order mark; messages say it should
     * be {@code expected} ("a scenario file"), and a file over the limit gets {@code sizeHint} after the limit.
     */
    public static String read(Path file, long maxBytes, String expected, String sizeHint) throws ImportException {
        return decode(readBytes(file, maxBytes, expected, sizeHint), file.toString());
    }

    /** The bytes of {@code file}, read as {@link #read(Path, long, String, String)} reads it, not decoded. */
    public static byte[] readBytes(Path file, long maxBytes, String expected, String sizeHint) throws ImportException {
        check(file, maxBytes, expected, sizeHint);
        return readBounded(file, file.toString(), maxBytes, sizeHint);
    }

    /**
     * Refuses, without opening it, what {@link #read(Path, long, String, String)} would refuse
     * before reading: a missing file, a directory, a device, pipe or socket (also behind a link),
     * a file already larger than {@code maxBytes}.
     */
    public static void check(Path file, long maxBytes, String expected, String sizeHint) throws ImportException {
        String source = file.toString();
        BasicFileAttributes attrs;
        try {
            attrs = Files.readAttributes(file, BasicFileAttributes.class);
        } catch (NoSuchFileException e) {
            throw new ImportException(source, 0, "no such file");
        } catch (AccessDeniedException e) {
            throw new ImportException(source, 0, "cannot be read: permission denied");
        } catch (IOException e) {
            throw new ImportException(source, 0, "cannot be read (" + reason(e) + ")");
        }
        if (attrs.isDirectory()) {
            throw new ImportException(source, 0, "is a directory; expected " + expected);
        }
        if (!attrs.isRegularFile()) {
            String what = Files.isSymbolicLink(file) ? "is a link to something that is not a regular file" : "is not a regular file";
            throw new ImportException(source, 0, what + " (a device, pipe or socket); only regular files are read");
        }
        if (attrs.size() > maxBytes) {
            throw tooLarge(source, maxBytes, sizeHint);
        }
    }

    private static ImportException tooLarge(String source, long maxBytes, String sizeHint) {
        return new ImportException(source, 0, "is larger than " + humanBytes(maxBytes) + ", the most read from one file" + sizeHint);
    }

    private static byte[] readBounded(Path file, String source, long maxBytes, String sizeHint) throws ImportException {
        try (InputStream in = Files.newInputStream(file)) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            byte[] buf = new byte[BUFFER];
            long total = 0;
            int n;
            while ((n = in.read(buf)) > 0) {
                total += n;
                if (total > maxBytes) {
                    throw tooLarge(source, maxBytes, sizeHint);
                }
                out.write(buf, 0, n);
            }
            return out.toByteArray();
        } catch (AccessDeniedException e) {
            throw new ImportException(source, 0, "cannot be read: permission denied");
        } catch (IOException e) {
            throw new ImportException(source, 0, "cannot be read (" + reason(e) + ")");
        }
    }

    /** UTF-8 text of {@code bytes}; BOM skipped; UTF-16, invalid UTF-8 and NUL refused with their line. */
    static String decode(byte[] bytes, String source) throws ImportException {
        int start = 0;
        if (bytes.length >= 3 && (bytes[0] & 0xFF) == 0xEF && (bytes[1] & 0xFF) == 0xBB && (bytes[2] & 0xFF) == 0xBF) {
            start = 3;
        } else if (bytes.length >= 2 && ((bytes[0] & 0xFF) == 0xFE && (bytes[1] & 0xFF) == 0xFF
                || (bytes[0] & 0xFF) == 0xFF && (bytes[1] & 0xFF) == 0xFE)) {
            throw new ImportException(source, 1, "is UTF-16 text (it starts with a UTF-16 byte order mark); save it as UTF-8");
        }
        int line = 1;
        for (int i = start; i < bytes.length; i++) {
            if (bytes[i] == '\n') {
                line++;
            } else if (bytes[i] == 0) {
                throw new ImportException(source, line, "contains a NUL byte (binary data, or UTF-16 text); expected UTF-8 text");
            }
        }
        CharsetDecoder dec = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(bytes, start, bytes.length - start);
        CharBuffer out = CharBuffer.allocate(bytes.length - start);
        CoderResult r = dec.decode(in, out, true);
        if (r.isError()) {
            int at = in.position();
            int badLine = 1;
            for (int i = start; i < at; i++) {
                if (bytes[i] == '\n') {
                    badLine++;
                }
            }
            throw new ImportException(source, badLine, String.format(Locale.ROOT,
                    "is not UTF-8 text: byte 0x%02X cannot start or continue a UTF-8 character (Windows-1252 or Latin-1 text?); "
                            + "save it as UTF-8", bytes[at] & 0xFF));
        }
        dec.flush(out);
        out.flip();
        return out.toString();
    }

    /** "64 MiB", "1 MiB", "512 KiB". */
    static String humanBytes(long n) {
        if (n % (1024 * 1024) == 0) {
            return n / (1024 * 1024) + " MiB";
        }
        if (n % 1024 == 0) {
            return n / 1024 + " KiB";
        }
        return n + " bytes";
    }

    /** An I/O failure in words, without the exception's class. */
    static String reason(IOException e) {
        String m = e.getMessage();
        if (m == null || m.isBlank()) {
            return "input/output error";
        }
        int colon = m.lastIndexOf(": ");
        String tail = colon >= 0 && colon + 2 < m.length() ? m.substring(colon + 2) : m;
        return tail.length() > 80 || tail.contains("java.") || tail.contains("Exception") ? "input/output error" : tail;
    }

}
