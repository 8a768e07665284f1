package org.slotlab.model.buffers;

import java.util.ArrayList;
import java.util.List;

/**
 * Deterministic JSON documents for the JSON unescape workload (ruby/json PR #1135, 
 * ruby/json PR #1135 (https://github.com/ruby/json/pull/1135)): an array of {@code count} strings of multilingual prose, written
 * the way Python's {@code json.dumps} writes them, either with {@code ensure_ascii=True} (every
 * non-ASCII character a {@code \\uXXXX} escape, "Python's default") or without escapes (UTF-8).
 * Both variants hold the same text, drawn from a seeded SplitMix64 generator so that every run and
 * every machine sees the same bytes; nothing large is stored in the repository.
 *
 * <p>The text mixes sentences in several languages with the weights of {@link #LANGUAGE_MIX}. The
 * weights are chosen (not measured) so that the generated text has the escape density of the
 * PR's document: decoded / escaped = 7.75 MB / 12.52 MB = 0.619 (json_unescape.csv). The PR's own
 * example, {@code 'm\\u00e9lange\\u00e0 ' * 3000}, has 0.579. Each string's escaped length is
 * {@code targetEscapedBytes} +-{@link #LENGTH_JITTER} (uniform), ending on a whole character.
 *
 * <p>Spec syntax (the document setting): {@code generated:escaped,200x62600} or
 * {@code generated:plain,200x62600} = count x escaped bytes per string, optional {@code ,seed=N}.
 */
public final class JsonDocumentGenerator {

    /** Relative spread of string lengths around the target: +-5%. */
    public static final double LENGTH_JITTER = 0.05;
    /** Default PRNG seed. */
    public static final long DEFAULT_SEED = 1135;
    /**
     * Escaped bytes per string of the PR's measured document, 10^6-byte MB: 12.52 MB / 200 strings.
     * (The PR calls them "50 KB" strings in a "12.5 MB document"; 200 x 50 KB would be 10 MB.)
     */
    public static final long PR1135_ESCAPED_BYTES_PER_STRING = 62_600;
    /** Strings in the PR's measured document. */
    public static final int PR1135_STRING_COUNT = 200;

    /** A language's sentences and its weight in the mix. */
    public record Language(String code, double weight, List<String> sentences) {
    }

    /** Sentence pools and weights; see the class comment for how the weights were chosen. */
    public static final List<Language> LANGUAGE_MIX = List.of(
            new Language("fr", 0.33, List.of(
                    "Le mélange des épices donne à ce plat un goût très particulier.",
                    "À la fin de l'été, nous sommes allés au château près de la rivière.",
                    "Ce café propose une crème brûlée délicieuse et un thé à la menthe.",
                    "L'élève a répondu très poliment à la première question du maître.",
                    "Où se trouve la bibliothèque municipale, s'il vous plaît ?",
                    "Les cerfs-volants dansaient au-dessus de la plage déserte.")),
            new Language("de", 0.12, List.of(
                    "Die Straße führt über die Brücke zum großen Marktplatz.",
                    "Müller und Söhne öffnen ihr Geschäft schon um sieben Uhr früh.",
                    "Für die Prüfung musste er viele schwierige Übungen lösen.",
                    "Im Frühling blühen die Gänseblümchen auf der Wiese.")),
            new Language("es", 0.10, List.of(
                    "El niño comió una piña en el jardín de su abuela.",
                    "¿Cuántos años tiene tu hermano pequeño?",
                    "La canción más famosa del año sonó en la radio toda la mañana.",
                    "Después de la reunión, el equipo celebró con paella y limón.")),
            new Language("ru", 0.11, List.of(
                    "Москва — столица России и крупнейший город страны.",
                    "Вчера вечером мы долго гуляли по набережной.",
                    "Пожалуйста, закройте окно, на улице очень холодно.",
                    "Этот роман читается на одном дыхании.")),
            new Language("el", 0.05, List.of(
                    "Η Αθήνα είναι η πρωτεύουσα της Ελλάδας.",
                    "Καλημέρα, τι κάνεις σήμερα;",
                    "Το καλοκαίρι πηγαίνουμε συχνά στη θάλασσα.")),
            new Language("ja", 0.06, List.of(
                    "東京は日本の首都です。",
                    "今日はとても良い天気ですね。",
                    "新しいレストランでラーメンを食べました。")),
            new Language("zh", 0.04, List.of(
                    "我们明天早上在图书馆见面。",
                    "这本书的内容非常有意思。")),
            new Language("en", 0.15, List.of(
                    "The quick brown fox jumps over the lazy dog near the old mill.",
                    "Shipping was fast and the packaging kept everything safe.",
                    "Please find the updated report attached to this message.",
                    "Our team will review the pull request before the release.")),
            new Language("emoji", 0.02, List.of(
                    "Great job 🎉👍",
                    "See you soon 😀",
                    "Coffee time ☕🍰")));

    private JsonDocumentGenerator() {
    }

    /** A parsed {@code generated:...} spec. */
    public record Spec(boolean ensureAscii, int count, long targetEscapedBytes, long seed) {
        public Spec {
            if (count < 0) {
                throw new IllegalArgumentException("generated document: count must be >= 0, got " + count);
            }
            if (targetEscapedBytes < 1) {
                throw new IllegalArgumentException("generated document: bytes per string must be >= 1, got "
                        + targetEscapedBytes);
            }
        }

        /** The PR #1135 document: 200 strings of 62,600 escaped bytes, ensure_ascii. */
        public static Spec pr1135(boolean ensureAscii) {
            return new Spec(ensureAscii, PR1135_STRING_COUNT, PR1135_ESCAPED_BYTES_PER_STRING, DEFAULT_SEED);
        }

        @Override
        public String toString() {
            return "generated:" + (ensureAscii ? "escaped" : "plain") + "," + count + "x" + targetEscapedBytes
                    + (seed == DEFAULT_SEED ? "" : ",seed=" + seed);
        }
    }

    /** Parses {@code generated:escaped,200x62600[,seed=N]} (or {@code plain}). */
    public static Spec parse(String spec) {
        String s = spec == null ? "" : spec.trim();
        String usage = " (expected generated:escaped|plain,COUNTxBYTES[,seed=N], e.g. generated:escaped,200x62600)";
        if (!s.startsWith("generated:")) {
            throw new IllegalArgumentException("not a generated document spec: '" + spec + "'" + usage);
        }
        String[] parts = s.substring("generated:".length()).split(",");
        if (parts.length < 2) {
            throw new IllegalArgumentException("generated document spec '" + spec + "' lacks COUNTxBYTES" + usage);
        }
        boolean ascii = switch (parts[0]) {
            case "escaped", "ensure_ascii" -> true;
            case "plain", "utf8" -> false;
            default -> throw new IllegalArgumentException("generated document kind must be escaped or plain, got '"
                    + parts[0] + "'" + usage);
        };
        String[] dims = parts[1].toLowerCase().split("x");
        long seed = DEFAULT_SEED;
        for (int k = 2; k < parts.length; k++) {
            if (parts[k].startsWith("seed=")) {
                seed = parseLong(parts[k].substring(5), spec, usage);
            } else {
                throw new IllegalArgumentException("unknown option '" + parts[k] + "' in '" + spec + "'" + usage);
            }
        }
        if (dims.length != 2) {
            throw new IllegalArgumentException("'" + parts[1] + "' in '" + spec + "' is not COUNTxBYTES" + usage);
        }
        return new Spec(ascii, (int) parseLong(dims[0], spec, usage), parseLong(dims[1], spec, usage), seed);
    }

    private static long parseLong(String v, String spec, String usage) {
        try {
            return Long.parseLong(v.replace("_", ""));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("'" + v + "' in '" + spec + "' is not a number" + usage);
        }
    }

    /** The decoded texts of the document's strings. */
    public static List<String> texts(Spec spec) {
        SplitMix64 rnd = new SplitMix64(spec.seed());
        double total = LANGUAGE_MIX.stream().mapToDouble(Language::weight).sum();
        List<String> out = new ArrayList<>(spec.count());
        for (int k = 0; k < spec.count(); k++) {
            double jitter = 1 + LENGTH_JITTER * (2 * rnd.nextDouble() - 1);
            long target = Math.max(1, Math.round(spec.targetEscapedBytes() * jitter));
            StringBuilder text = new StringBuilder();
            long escaped = 0;
            while (escaped < target) {
                Language lang = pick(rnd.nextDouble() * total);
                String sentence = lang.sentences().get((int) (rnd.nextDouble() * lang.sentences().size()));
                String piece = text.length() == 0 ? sentence : " " + sentence;
                long pieceLen = JsonEscaping.escapedLength(piece, true);
                if (escaped + pieceLen <= target) {
                    text.append(piece);
                    escaped += pieceLen;
                    continue;
                }
                // finish on whole code points up to the target
                int i = 0;
                while (i < piece.length()) {
                    int cp = piece.codePointAt(i);
                    String ch = new String(Character.toChars(cp));
                    long chLen = JsonEscaping.escapedLength(ch, true);
                    if (escaped + chLen > target) {
                        break;
                    }
                    text.append(ch);
                    escaped += chLen;
                    i += Character.charCount(cp);
                }
                break;
            }
            out.add(text.toString());
        }
        return out;
    }

    private static Language pick(double r) {
        for (Language l : LANGUAGE_MIX) {
            if (r < l.weight()) {
                return l;
            }
            r -= l.weight();
        }
        return LANGUAGE_MIX.get(LANGUAGE_MIX.size() - 1);
    }

    /** The JSON text: {@code ["...","..."]}, escaped as the spec says. */
    public static String document(Spec spec) {
        StringBuilder sb = new StringBuilder();
        sb.append('[');
        boolean first = true;
        for (String t : texts(spec)) {
            if (!first) {
                sb.append(',');
            }
            first = false;
            sb.append('"').append(JsonEscaping.escape(t, spec.ensureAscii())).append('"');
        }
        return sb.append(']').toString();
    }

    /**
     * Writes the documents of the given specs, for timing them on a real Ruby with the bytes the
     * model reads: {@code java -cp slotlab.jar org.slotlab.model.buffers.JsonDocumentGenerator DIR SPEC...}
     * writes {@code DIR/<spec>.json} for each {@code generated:...} spec (the spec's ':' and ',' as '_').
     */
    public static void main(String[] args) throws java.io.IOException {
        if (args.length < 2) {
            System.err.println("usage: JsonDocumentGenerator DIR generated:escaped|plain,COUNTxBYTES[,seed=N]...");
            System.exit(2);
        }
        java.nio.file.Path dir = java.nio.file.Path.of(args[0]);
        java.nio.file.Files.createDirectories(dir);
        for (int k = 1; k < args.length; k++) {
            Spec spec = parse(args[k]);
            java.nio.file.Path out = dir.resolve(spec.toString().replace(':', '_').replace(',', '_') + ".json");
            java.nio.file.Files.writeString(out, document(spec), java.nio.charset.StandardCharsets.UTF_8);
            System.out.println(out);
        }
    }

    /**
     * SplitMix64 (Steele, Lea, Flood 2014): a fixed, specified generator, so generated documents
     * do not depend on the JDK's Random implementation.
     */
    static final class SplitMix64 {
        private long state;

        SplitMix64(long seed) {
            this.state = seed;
        }

        long nextLong() {
            long z = (state += 0x9E3779B97F4A7C15L);
            z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
            z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
            return z ^ (z >>> 31);
        }

        double nextDouble() {
            return (nextLong() >>> 11) * 0x1.0p-53;
        }
    }
}
