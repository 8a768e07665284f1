package org.slotlab.model.classnew;

import java.util.OptionalDouble;
import org.slotlab.model.heap.SimResult;

/**
 * One point of the Class#new model: {@code Foo.new} with N arguments of one kind, 3.4's C Class#new against
 * 3.5's opt_new, in one execution mode. Plottable as speedup vs N, one series per kind x YJIT, with
 * the published point (if class_new.csv has one) overlaid.
 *
 * @param kind              positional or keyword
 * @param params            N
 * @param yjit              "off" or "on"
 * @param objectsPerCall34  objects per call on 3.4
 * @param objectsPerCall35  objects per call on 3.5
 * @param gcCount34         GCs of the article's loop on 3.4 (heap simulation)
 * @param gcCount35         GCs of the article's loop on 3.5
 * @param nsPerCall34       predicted ns per call on 3.4
 * @param nsPerCall35       predicted ns per call on 3.5
 * @param speedup           ns 3.4 / ns 3.5 (the article's "speedup ratio")
 * @param publishedSpeedup  class_new.csv's speedup for this point, if published
 * @param sim34             the heap simulation of the loop on 3.4 (slots per heap, which heap ran dry)
 * @param sim35             the same on 3.5
 */
public record ClassNewPrediction(ParamKind kind, int params, String yjit, int objectsPerCall34, int objectsPerCall35,
        long gcCount34, long gcCount35, double nsPerCall34, double nsPerCall35, double speedup,
        OptionalDouble publishedSpeedup, SimResult sim34, SimResult sim35) {
}
