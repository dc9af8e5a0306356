package io.github.sqlguard.flink;

import org.apache.flink.table.api.TableConfig;
import org.apache.flink.table.api.config.ExecutionConfigOptions;
import org.apache.flink.table.api.config.ExecutionConfigOptions.UidGeneration;

/**
 * The operator uids of a job that the guard runs from its judged compiled plan in place of the
 * statement's text: the ones Flink gives the job of that text, so that a savepoint taken of either
 * restores into the other.
 *
 * <p>Flink's planner sets a uid on a streaming transformation when {@code table.exec.uid.generation}
 * says so ({@code ExecNodeConfig#shouldSetUid}): {@code ALWAYS}, or {@code PLAN_ONLY} (the default)
 * only when the pipeline is translated from a compiled plan ({@code EXECUTE PLAN}, {@code
 * TableEnvironment#executePlan}); on 1.20 {@code PLAN_ONLY} also not when the deprecated {@code
 * table.exec.legacy-transformation-uids} is true. A uid is {@code table.exec.uid.format}, {@code
 * <id>_<transformation>} by default, where {@code <id>} is the plan node's id from a counter of the
 * JVM ({@code ExecNodeContext#newNodeId}). Without uids, the operator ids are the hashes Flink's
 * {@code StreamGraphHasherV2} derives from the job's topology. The text of an INSERT or a statement
 * set is translated as not compiled, so under {@code PLAN_ONLY} its job has topology hashes, while the
 * same statement run from its compiled plan has uids from the node ids its planning happened to get:
 * a savepoint of one does not map onto the other ("Cannot map checkpoint/savepoint state for
 * operator ... to the new program").
 *
 * <p>The guard's plan stays the plan that runs; only how Flink names its operators follows the
 * statement: {@code PLAN_ONLY} (the user's or the default) becomes {@code DISABLED} for a judged plan
 * run in place of a statement's text, which is exactly what {@code PLAN_ONLY} gives that text. {@code
 * ALWAYS} and {@code DISABLED}, and {@code table.exec.uid.format}, are left as the session sets them:
 * Flink applies them to the text the same way. A plan a user runs with {@code EXECUTE PLAN} is not
 * run in place of a text and keeps its uids.
 */
public final class StatementUids {

    private StatementUids() {}

    /**
     * Sets {@code config} (the table configuration a judged plan is translated with, the session's
     * and the statement's execution config on top) so that the plan's job gets the operator ids of
     * the statement's text.
     */
    public static void inPlaceOfStatementText(TableConfig config) {
        if (config.get(ExecutionConfigOptions.TABLE_EXEC_UID_GENERATION) == UidGeneration.PLAN_ONLY) {
            config.set(ExecutionConfigOptions.TABLE_EXEC_UID_GENERATION, UidGeneration.DISABLED);
        }
    }
}
