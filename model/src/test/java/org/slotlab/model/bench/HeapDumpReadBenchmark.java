package org.slotlab.model.bench;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.SplittableRandom;
import org.slotlab.model.heapdump.HeapDump;
import org.slotlab.model.heapdump.HeapDumpReader;

/**
 * How fast {@link HeapDumpReader} streams a dump, and in how little Java heap: a documented
 * harness, not a test. It reads each file named on the command line, or first writes a dump of
 * the given size in MB shaped like a CRuby 3.4 {@code ObjectSpace.dump_all} with allocation
 * tracing (objects, arrays and hashes referencing their neighbours; strings, one in eight shared
 * with a frozen root; about 190 bytes a line), then reads it {@value #RUNS} times and prints MB/s
 * of each run (by the wall clock, and by the CPU time of the reading thread, which is what one
 * core does when others compete for it), the objects read and the reader's tables. Run it with
 * the heap the target allows:
 *
 * <pre>
 * java -Xmx512m -cp model/target/test-classes:model/target/classes:$(cat cp.txt) \
 *     org.slotlab.model.bench.HeapDumpReadBenchmark 1024            # a generated 1 GB dump
 * java -Xmx512m -cp ... org.slotlab.model.bench.HeapDumpReadBenchmark rdoc-ruby-3.4.5.dump.json.gz
 * </pre>
 */
public final class HeapDumpReadBenchmark {

    private static final int RUNS = 3;

    private HeapDumpReadBenchmark() {}

    public static void main(String[] args) throws Exception {
        if (args.length == 0) {
            System.err.println("usage: HeapDumpReadBenchmark MB | DUMP.json...");
            System.exit(2);
        }
        for (String a : args) {
            Path file;
            boolean generated = a.chars().allMatch(Character::isDigit);
            if (generated) {
                file = Files.createTempFile("slotlab-dump", ".json");
                long t0 = System.nanoTime();
                long bytes = generate(file, Long.parseLong(a) * 1_000_000L);
                System.out.printf(Locale.ROOT, "generated %s: %.0f MB in %.1f s%n", file, bytes / 1e6, (System.nanoTime() - t0) / 1e9);
            } else {
                file = Path.of(a);
            }
            try {
                for (int run = 1; run <= RUNS; run++) {
                    java.lang.management.ThreadMXBean threads = java.lang.management.ManagementFactory.getThreadMXBean();
                    long c0 = threads.getCurrentThreadCpuTime();
                    long t0 = System.nanoTime();
                    HeapDump d = HeapDumpReader.read(file);
                    double s = (System.nanoTime() - t0) / 1e9;
                    double cpu = (threads.getCurrentThreadCpuTime() - c0) / 1e9;
                    Runtime rt = Runtime.getRuntime();
                    System.out.printf(Locale.ROOT,
                            "run %d: %.0f MB in %.2f s = %.0f MB/s (%.2f s of CPU = %.0f MB/s of one core); %,d objects, %,d shared strings, %,d roots; tables %.0f MB;"
                                    + " max heap %.0f MB%n", run, d.bytesRead() / 1e6, s, d.bytesRead() / 1e6 / s, cpu, d.bytesRead() / 1e6 / cpu, d.objects(),
                            d.shared().size(), d.roots().size(), d.footprintBytes() / 1e6, rt.maxMemory() / 1e6);
                }
            } finally {
                if (generated) {
                    Files.deleteIfExists(file);
                }
            }
        }
    }

    /** Writes about {@code target} bytes of dump lines; returns the bytes written. */
    static long generate(Path file, long target) throws IOException {
        SplittableRandom rnd = new SplittableRandom(22186);
        long written = 0;
        long addr = 0x7f0000000000L;
        long lastRoot = 0;
        StringBuilder line = new StringBuilder(256);
        try (BufferedWriter w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            String root = "{\"type\":\"ROOT\", \"root\":\"vm\", \"references\":[\"0x7f0000000028\", \"0x7f0000000050\"]}\n";
            w.write(root);
            written += root.length();
            while (written < target) {
                addr += 40;
                line.setLength(0);
                int kind = rnd.nextInt(8);
                line.append("{\"address\":\"0x").append(Long.toHexString(addr)).append('"');
                if (kind == 0) {
                    line.append(", \"type\":\"STRING\", \"shape_id\":0, \"slot_size\":40, \"class\":\"0x7f00000a0000\", \"frozen\":true,"
                            + " \"bytesize\":").append(200 + rnd.nextInt(2000)).append(", \"value\":\"GET /index.html HTTP/1.1\"");
                    lastRoot = addr;
                } else if (kind == 1 && lastRoot != 0) {
                    line.append(", \"type\":\"STRING\", \"shape_id\":0, \"slot_size\":40, \"class\":\"0x7f00000a0000\", \"shared\":true,"
                            + " \"encoding\":\"UTF-8\", \"references\":[\"0x").append(Long.toHexString(lastRoot)).append("\"]");
                } else if (kind < 4) {
                    int len = rnd.nextInt(60);
                    line.append(", \"type\":\"STRING\", \"shape_id\":0, \"slot_size\":").append(len < 16 ? 40 : 80)
                            .append(", \"class\":\"0x7f00000a0000\", \"embedded\":true, \"bytesize\":").append(len)
                            .append(", \"value\":\"").append("x".repeat(Math.min(len, 20))).append("\", \"encoding\":\"UTF-8\"");
                } else {
                    line.append(", \"type\":\"").append(kind == 4 ? "ARRAY" : kind == 5 ? "HASH" : "OBJECT")
                            .append("\", \"shape_id\":12, \"slot_size\":80, \"class\":\"0x7f00000b0000\", \"references\":[");
                    int refs = 1 + rnd.nextInt(4);
                    for (int i = 0; i < refs; i++) {
                        line.append(i == 0 ? "\"0x" : ", \"0x").append(Long.toHexString(addr - 40L * (1 + rnd.nextInt(5000)))).append('"');
                    }
                    line.append(']');
                }
                line.append(", \"file\":\"/usr/lib/ruby/3.4.0/net/http/response.rb\", \"line\":").append(40 + rnd.nextInt(200))
                        .append(", \"method\":\"split\", \"generation\":").append(rnd.nextInt(90))
                        .append(", \"memsize\":40, \"flags\":{\"wb_protected\":true}}\n");
                w.append(line);
                written += line.length();
            }
        }
        return written;
    }
}
