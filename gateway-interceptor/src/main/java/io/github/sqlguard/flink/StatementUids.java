package io.github.sqlguard.flink;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.apache.flink.table.api.TableConfig;
import org.apache.flink.table.api.TableException;
import org.apache.flink.table.api.config.ExecutionConfigOptions;
import org.apache.flink.table.api.config.ExecutionConfigOptions.UidGeneration;

import java.io.IOException;
import java.util.HashMap;
import java.util.Map;

/**
 * The operator ids of a job that the guard runs from its judged compiled plan in place of the
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
 * {@code StreamGraphHasherV2} derives from the job's topology, in the order it visits the stream
 * graph. The text of an INSERT or a statement set is translated as not compiled, so under {@code
 * PLAN_ONLY} its job has topology hashes, while the same statement run from its compiled plan has
 * uids from the node ids its planning happened to get: a savepoint of one does not map onto the
 * other ("Cannot map checkpoint/savepoint state for operator ... to the new program").
 *
 * <p>Two things make the judged plan's job the text's, and change nothing of what runs:
 * <ul>
 *   <li>{@code PLAN_ONLY} (the user's or the default) becomes {@code DISABLED}, which is exactly what
 *       {@code PLAN_ONLY} gives the text;</li>
 *   <li>the plan's node ids are renumbered 1..n in the plan's own node order.
 *       Flink restores a plan's sinks in the iteration order of a {@code HashMap} keyed by node id
 *       ({@code JsonPlanGraph#convertToExecNodeGraph}, 1.20 and 2.3), and the sinks' order is the
 *       order the stream graph's shared inputs feed them, which the topology hashes depend on: with
 *       the ids of one planning a statement set's sinks come back in statement order, with another's
 *       (the JVM's counter moved on) in another order, and the job has other operator ids. Numbered
 *       1..n (below the map's capacity, so iterated in ascending order), the sinks come back in the
 *       plan's order, which is the statement's, as Flink translates the text.</li>
 * </ul>
 * {@code ALWAYS} and {@code DISABLED}, and {@code table.exec.uid.format}, are left as the session
 * sets them. Under {@code ALWAYS} the {@code <id>} of a uid is the renumbered one, so the uids of one
 * statement are the same whatever the gateway planned before (a text's uids under {@code ALWAYS}
 * take the node ids of its planning, which no other planning reproduces). A plan a user runs with
 * {@code EXECUTE PLAN} is not run in place of a text and keeps its ids and uids.
 */
public final class StatementUids {

    private static final ObjectMapper JSON = new ObjectMapper();

    private StatementUids() {}

    /**
     * The compiled plan to run in place of the statement's text, and {@code config} (the table
     * configuration it is translated with: the session's and the statement's execution config on
     * top) set so that its job gets the operator ids of that text.
     */
    public static String inPlaceOfStatementText(String compiledPlanJson, TableConfig config) {
        return runs(compiledPlanJson, config).plan();
    }

    /**
     * As {@link #inPlaceOfStatementText}, where the job the guard translated from {@code
     * compiledPlanJson} to judge its restore ({@code judged}, {@link StatementJobs.JobToRun}) already
     * holds it renumbered: that plan, not renumbered again; {@code config} is set as by {@link
     * #inPlaceOfStatementText} either way.
     */
    public static String toRun(String compiledPlanJson, TableConfig config, java.util.Optional<StatementJobs.JobToRun> judged) {
        return PlanToRun.NONE.translated(judged).toRun(compiledPlanJson, config);
    }

    /**
     * A statement's judged plan as the hand-off runs it in place of the statement's text, renumbered
     * at most once, by whoever asks first: the hand-off for the plan it runs ({@link #toRun}), the job
     * watcher for the ids the job's operators run with ({@link #jobNodeIds}). Where the restore check
     * translated the plan ({@link StatementJobs.JobToRun}, {@link #translated}), its renumbering is
     * taken and the JSON is not read again. Thread-safe (the hand-off runs on the session's operation
     * thread, the watcher's ids are asked for on the caller's).
     */
    public static final class PlanToRun {

        /** No judged plan: every plan the hand-off runs is renumbered as it comes. */
        public static final PlanToRun NONE = new PlanToRun(java.util.Optional.empty(), java.util.Optional.empty());

        private final java.util.Optional<String> judgedPlan;
        private final java.util.Optional<StatementJobs.JobToRun> judged;
        private Renumbered renumbered;

        private PlanToRun(java.util.Optional<String> judgedPlan, java.util.Optional<StatementJobs.JobToRun> judged) {
            this.judgedPlan = judgedPlan;
            this.judged = judged;
        }

        /** The judged plan {@code judgedPlan} (a compiled plan's JSON), if the statement has one. */
        public static PlanToRun of(java.util.Optional<String> judgedPlan) {
            return judgedPlan.isEmpty() ? NONE : new PlanToRun(judgedPlan, java.util.Optional.empty());
        }

        /** The same plan, with the job the restore check translated it to ({@code job}), if any. */
        public PlanToRun translated(java.util.Optional<StatementJobs.JobToRun> job) {
            return job.isEmpty() ? this : new PlanToRun(judgedPlan.or(() -> job.map(StatementJobs.JobToRun::judgedPlan)), job);
        }

        /** The job the restore check translated the plan to, if it did. */
        public java.util.Optional<StatementJobs.JobToRun> judgedJob() {
            return judged;
        }

        /**
         * The plan to run in place of the statement's text when the hand-off runs {@code compiledPlanJson},
         * with {@code config} set as {@link #inPlaceOfStatementText} sets it: the judged plan's
         * renumbering where {@code compiledPlanJson} is the judged plan, any other plan renumbered.
         */
        public String toRun(String compiledPlanJson, TableConfig config) {
            asText(config);
            return judgedPlan.filter(compiledPlanJson::equals).isPresent() || isTranslatedPlan(compiledPlanJson)
                    ? renumbered().plan()
                    : StatementUids.renumbered(compiledPlanJson).plan();
        }

        /** By the judged plan's node id, the node's id in the plan that runs ({@link StatementUids#jobNodeIds}); empty without a plan. */
        public Map<Integer, Integer> jobNodeIds() {
            return judgedPlan.isEmpty() ? Map.of() : renumbered().jobNodeIds();
        }

        private synchronized Renumbered renumbered() {
            if (renumbered == null) {
                String plan = judgedPlan.orElseThrow();
                renumbered = judged.filter(job -> job.judgedPlan().equals(plan))
                        .map(job -> new Renumbered(job.planned().plan(), job.jobNodeIds()))
                        .or(() -> judged.filter(job -> job.planned().plan().equals(plan))
                                .map(job -> new Renumbered(job.planned().plan(), unchanged(job.jobNodeIds().values()))))
                        .orElseGet(() -> StatementUids.renumbered(plan));
            }
            return renumbered;
        }

        /**
         * Whether {@code compiledPlanJson} is the plan the restore check translated, as it runs: the judged plan
         * numbered per statement ({@link PlanNodeIds#perStatement}), which is how the guard reads and hands on a
         * compiled plan, where the job was translated from Flink's own JSON (the in-memory plan's ids).
         */
        private boolean isTranslatedPlan(String compiledPlanJson) {
            return judged.filter(job -> job.planned().plan().equals(compiledPlanJson)).isPresent();
        }

        /** Each id of {@code ids} to itself: a plan numbered as it runs keeps its ids. */
        private static Map<Integer, Integer> unchanged(java.util.Collection<Integer> ids) {
            Map<Integer, Integer> same = new HashMap<>();
            ids.forEach(id -> same.put(id, id));
            return same;
        }
    }

    /**
     * As {@link #inPlaceOfStatementText}, with the id each of the judged plan's nodes has in the
     * plan that runs ({@link #jobNodeIds}), from one reading of the JSON.
     */
    public static Renumbered runs(String compiledPlanJson, TableConfig config) {
        asText(config);
        return renumbered(compiledPlanJson);
    }

    /** {@code PLAN_ONLY} made {@code DISABLED} in {@code config}, what it gives the statement's text. */
    private static void asText(TableConfig config) {
        if (config.get(ExecutionConfigOptions.TABLE_EXEC_UID_GENERATION) == UidGeneration.PLAN_ONLY) {
            setAsText(config, ExecutionConfigOptions.TABLE_EXEC_UID_GENERATION.key(), UidGeneration.DISABLED.name());
        }
    }

    /**
     * Sets {@code key} of {@code config} to {@code value} as text, as a {@code SET} writes it (Flink
     * parses it on every read, {@code Configuration#getOptional}), not as the typed value {@code
     * TableConfig#set(ConfigOption, Object)} keeps. Flink turns a typed value into text each time
     * it copies the table configuration, and on 2.x with a YAML dump ({@code
     * ConfigurationUtils#convertToString}, {@code YamlParserUtils#toYAMLString}): at least twice per
     * translation ({@code PlannerBase#beforeTranslation} and the executor's {@code createPipeline}
     * each call {@code StreamExecutionEnvironment#configure}, which copies {@code toMap()}), about 25 kB
     * allocated per option and translation on 2.3.0, where a text value is copied as it is.
     */
    static void setAsText(TableConfig config, String key, String value) {
        config.set(key, value);
    }

    /**
     * The id each node of the judged plan {@code compiledPlanJson} has in the job the guard runs from
     * it (the job's operator names carry it: {@code GroupAggregate[4]}), by the plan's node id.
     */
    public static Map<Integer, Integer> jobNodeIds(String compiledPlanJson) {
        return numbering(read(compiledPlanJson));
    }

    /** {@code compiledPlanJson} with its nodes numbered 1..n in their order, and its edges following them. */
    static String inNodeOrder(String compiledPlanJson) {
        return renumbered(compiledPlanJson).plan();
    }

    private static Renumbered renumbered(String compiledPlanJson) {
        JsonNode plan = read(compiledPlanJson);
        Map<Integer, Integer> renumbered = numbering(plan);
        return new Renumbered(PlanNodeIds.renumbered(plan, renumbered), renumbered);
    }

    /**
     * A judged plan as the guard runs it.
     *
     * @param plan the plan's JSON with its nodes numbered 1..n in their order ({@link #inNodeOrder})
     * @param jobNodeIds by the judged plan's node id, the node's id in {@code plan} ({@link #jobNodeIds})
     */
    public record Renumbered(String plan, Map<Integer, Integer> jobNodeIds) {
        public Renumbered {
            jobNodeIds = Map.copyOf(jobNodeIds);
        }
    }

    /** Each node's number, 1..n in the plan's node order, by its id in the plan. */
    private static Map<Integer, Integer> numbering(JsonNode plan) {
        Map<Integer, Integer> numbers = new HashMap<>();
        for (JsonNode node : plan.path("nodes")) {
            numbers.put(node.path("id").asInt(), numbers.size() + 1);
        }
        return numbers;
    }

    private static JsonNode read(String compiledPlanJson) {
        return PlanNodeIds.read(compiledPlanJson);
    }
}
