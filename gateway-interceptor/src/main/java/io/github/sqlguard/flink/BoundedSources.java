package io.github.sqlguard.flink;

import org.apache.flink.api.connector.source.Boundedness;
import org.apache.flink.api.dag.Transformation;
import org.apache.flink.streaming.api.transformations.WithBoundedness;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * The source nodes of a plan that Flink translated as bounded: sources that read their input once and end, such as a
 * {@code filesystem} table without {@code source.monitor-interval} or a {@code datagen} table with {@code
 * number-of-rows}. Asked of Flink's own translation of the plan the guard judges, not of the tables' options: the
 * planner's {@code CommonExecTableSourceScan#translateToPlanInternal} (1.20 and 2.3) creates the table's {@code
 * ScanTableSource}, asks its {@code ScanRuntimeProvider#isBounded()} and builds a {@code LegacySourceTransformation}
 * (a {@code SourceFunctionProvider}, an {@code InputFormatProvider}) or a {@code SourceTransformation} (a {@code
 * SourceProvider}: the {@code Source#getBoundedness()} itself) whose {@link WithBoundedness#getBoundedness()} says
 * so. A {@code VALUES} clause is a bounded input format as well.
 *
 * <p>A transformation is matched to its plan node by the node id Flink writes into its name ({@code
 * ExecNodeBase#createFormattedTransformationName}: {@code customers[3]}, with {@code
 * table.exec.simplify-operator-name-enabled}, Flink's default). A source the name does not tie to a node (the
 * option turned off; a connector's own {@code DataStreamScanProvider}, whose transformation it names itself) is not
 * said to be bounded: the guard says nothing of it rather than a wrong "bounded".
 */
final class BoundedSources {

    private BoundedSources() {}

    /** The plan node ids (as Flink numbered them in {@code transformations}' names) of the bounded sources read. */
    static Set<Integer> of(List<Transformation<?>> transformations) {
        Set<Integer> bounded = new TreeSet<>();
        Set<Transformation<?>> seen = new HashSet<>();
        for (Transformation<?> root : transformations) {
            for (Transformation<?> transformation : root.getTransitivePredecessors()) {
                if (seen.add(transformation) && transformation instanceof WithBoundedness source
                        && source.getBoundedness() == Boundedness.BOUNDED) {
                    int id = OperatorNames.firstNodeId(transformation.getName());
                    if (id >= 0) {
                        bounded.add(id);
                    }
                }
            }
        }
        return bounded;
    }
}
