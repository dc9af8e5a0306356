package io.github.sqlguard.flink;

import io.github.sqlguard.restore.PlannedJob;

import org.apache.flink.api.dag.Pipeline;
import org.apache.flink.api.dag.Transformation;
import org.apache.flink.runtime.OperatorIDPair;
import org.apache.flink.runtime.jobgraph.JobGraph;
import org.apache.flink.runtime.jobgraph.JobVertex;
import org.apache.flink.runtime.jobgraph.OperatorID;
import org.apache.flink.streaming.api.graph.StreamGraphHasherV2;
import org.apache.flink.streaming.api.graph.StreamGraphUserHashHasher;
import org.apache.flink.streaming.api.operators.ChainingStrategy;
import org.apache.flink.streaming.api.graph.StreamNode;
import org.apache.flink.streaming.api.graph.StreamGraph;
import org.apache.flink.table.api.PlanReference;
import org.apache.flink.table.api.TableException;
import org.apache.flink.table.api.config.ExecutionConfigOptions;
import org.apache.flink.table.api.config.ExecutionConfigOptions.UidGeneration;
import org.apache.flink.table.api.internal.TableEnvironmentImpl;
import org.apache.flink.table.api.internal.TableEnvironmentInternal;
import org.apache.flink.table.delegation.InternalPlan;
import org.apache.flink.table.delegation.Planner;
import org.apache.flink.table.operations.ModifyOperation;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.UnaryOperator;

/**
 * The job graph a statement becomes, built as Flink builds it before submitting ({@code
 * TableEnvironmentImpl#executeInternal}: the planner's transformations, the executor's pipeline,
 * {@code StreamGraph#getJobGraph}), without submitting anything: from the statement's operations (what
 * a stock gateway runs) or from the compiled plan the guard judged, translated as the guard runs it
 * ({@link StatementUids}). Its vertices carry the operator ids a savepoint's state is mapped by;
 * {@link #judgedJob} gives those ids from the stream graph and Flink's hashers alone, as Flink's job
 * graph generator makes them, without building the job graph.
 *
 * <p>Each call translates with {@code tEnv}'s planner and configuration; {@link #ofJudgedPlan} and
 * {@link #judgedJob} change {@code tEnv}'s table configuration as {@link GatewaySessions#executePlan}
 * does, so pass an environment of its own (one of {@link GatewaySessions#tableEnvironment} per call),
 * or put the options back afterwards, as {@link SessionPlanner} does when it translates a restoring
 * statement's plan in the planning's own environment.
 */
public final class StatementJobs {

    private StatementJobs() {}

    /** The job graph of {@code operations} (an INSERT, or a statement set's INSERTs) as Flink runs their text. */
    public static JobGraph ofOperations(TableEnvironmentInternal tEnv, List<ModifyOperation> operations) {
        return jobGraph(tEnv, planner(tEnv).translate(operations));
    }

    /** The job graph of the judged compiled plan {@code compiledPlanJson}, as the guard runs it in place of its statement's text. */
    public static JobGraph ofJudgedPlan(TableEnvironmentInternal tEnv, String compiledPlanJson) {
        String plan = StatementUids.inPlaceOfStatementText(compiledPlanJson, tEnv.getConfig());
        Planner planner = planner(tEnv);
        try {
            return jobGraph(tEnv, planner.translatePlan(planner.loadPlan(PlanReference.fromJsonString(plan))));
        } catch (IOException e) {
            throw new UncheckedIOException("Flink could not read the judged compiled plan", e);
        }
    }

    /**
     * The job the guard runs from the judged compiled plan {@code compiledPlanJson}, as {@link
     * #ofJudgedPlan} builds it, with the operator ids each of the plan's nodes becomes: the ids
     * Flink's {@code StreamGraphHasherV2} gives the stream graph's nodes (the ids of the job graph's
     * operators, {@code StreamingJobGraphGenerator}; a user-defined uid hashed as Flink hashes it),
     * each stream node named after its plan node ({@code GroupAggregate[4]}, with {@code
     * table.exec.simplify-operator-name-enabled}, which only names operators: no part of an id).
     * The plan is the one the job runs, its nodes numbered 1..n ({@link StatementUids}).
     */
    public static PlannedJob plannedJob(TableEnvironmentInternal tEnv, String compiledPlanJson) {
        return judgedJob(tEnv, compiledPlanJson, Optional.empty(), false).planned();
    }

    /**
     * The job of the judged compiled plan {@code compiledPlanJson}, translated once: its {@link
     * PlannedJob} ({@link #plannedJob}) and the operator ids its job graph would have, each with the
     * name of its operator, computed from the same stream graph and its hashes without building the
     * job graph ({@link #claims(StreamGraph, Map, Map)}). Operator names are simplified ({@code
     * GroupAggregate[4]}), Flink's default, whatever the session sets.
     */
    public static JudgedJob judgedJob(TableEnvironmentInternal tEnv, String compiledPlanJson) {
        return judgedJob(tEnv, compiledPlanJson, Optional.empty(), true);
    }

    /**
     * The plan of {@code operations} as {@code TableEnvironmentImpl#compilePlan} compiles it ({@code
     * Planner#compilePlan}, which it wraps in a {@code CompiledPlan}; 1.20 and 2.3), kept so that
     * {@link #judgedJob(TableEnvironmentInternal, InternalPlan, String)} can translate it without
     * reading its JSON back.
     */
    public static InternalPlan compilePlan(TableEnvironmentInternal tEnv, List<ModifyOperation> operations) {
        return planner(tEnv).compilePlan(operations);
    }

    /**
     * As {@link #judgedJob(TableEnvironmentInternal, String)} for the plan {@code compiled} that
     * {@code compiledPlanJson} was written from ({@link #compilePlan}, {@code InternalPlan#asJsonString}),
     * translated as it is in memory ({@code Planner#translatePlan}, what {@code CompiledPlan#explain}
     * translates) instead of restored from the renumbered JSON ({@code Planner#loadPlan}: Flink's plan
     * deserialiser, the catalog look-ups and a new table source and sink), where that gives the job
     * the same operator ids: where no transformation gets a uid, which is every setting of {@code
     * table.exec.uid.generation} but {@code ALWAYS} once {@link StatementUids} made {@code PLAN_ONLY}
     * {@code DISABLED} ({@code ExecNodeConfig#shouldSetUid}, 1.20 and 2.3). An operator's id is then
     * the hash {@code StreamGraphHasherV2} derives from the stream graph's topology, of which the
     * nodes' ids and names are no part; the sinks come in the plan's order, as from the renumbered
     * JSON ({@link StatementUids}). The operator ids by plan node are keyed by the node ids of the
     * renumbered plan ({@link StatementUids#jobNodeIds}), as the job that runs names its operators.
     * Under {@code ALWAYS} a uid carries its node's id, the planning's in memory and the renumbered
     * one in the plan that runs, so the JSON is restored and translated as the hand-off does.
     */
    public static JudgedJob judgedJob(TableEnvironmentInternal tEnv, InternalPlan compiled, String compiledPlanJson) {
        return judgedJob(tEnv, compiledPlanJson, Optional.of(compiled), true);
    }

    private static JudgedJob judgedJob(
            TableEnvironmentInternal tEnv, String compiledPlanJson, Optional<InternalPlan> inMemory, boolean withClaims) {
        StatementUids.Renumbered runs = StatementUids.runs(compiledPlanJson, tEnv.getConfig());
        if (!tEnv.getConfig().get(ExecutionConfigOptions.TABLE_EXEC_SIMPLIFY_OPERATOR_NAME_ENABLED)) {
            // Flink's default (true) needs no key; a session's false is overridden as text (StatementUids#setAsText).
            StatementUids.setAsText(tEnv.getConfig(), ExecutionConfigOptions.TABLE_EXEC_SIMPLIFY_OPERATOR_NAME_ENABLED.key(), "true");
        }
        Planner planner = planner(tEnv);
        List<Transformation<?>> transformations;
        // Empty where the translated plan is the renumbered one, whose node ids the job's are.
        Optional<Map<Integer, Integer>> jobNodeIds;
        if (inMemory.isPresent()
                && tEnv.getConfig().get(ExecutionConfigOptions.TABLE_EXEC_UID_GENERATION) != UidGeneration.ALWAYS) {
            transformations = planner.translatePlan(inMemory.get());
            jobNodeIds = Optional.of(runs.jobNodeIds());
        } else {
            try {
                transformations = planner.translatePlan(planner.loadPlan(PlanReference.fromJsonString(runs.plan())));
            } catch (IOException e) {
                throw new UncheckedIOException("Flink could not read the judged compiled plan", e);
            }
            jobNodeIds = Optional.empty();
        }
        StreamGraph graph = streamGraph(tEnv, transformations);
        Map<Integer, byte[]> hashes = new StreamGraphHasherV2().traverseStreamGraphAndGenerateHashes(graph);
        // An operator's or vertex's name as the job that runs has it (its node ids renumbered).
        Optional<Map<Integer, Integer>> renumbering = jobNodeIds;
        UnaryOperator<String> asRun = name -> renumbering.map(r -> OperatorNames.renumbered(name, r)).orElse(name);
        Map<Integer, List<String>> ids = new LinkedHashMap<>();
        Map<String, OperatorSerializers> serializers = new HashMap<>();
        Map<Integer, String> names = new HashMap<>();
        for (StreamNode node : graph.getStreamNodes()) {
            byte[] hash = hashes.get(node.getId());
            if (hash == null) {
                continue;
            }
            String operatorId = new OperatorID(hash).toHexString();
            String name = asRun.apply(node.getOperatorName());
            names.put(node.getId(), name);
            serializers.put(operatorId, OperatorSerializers.of(node, name));
            // The node's id is the first in its name ("Sink: out[6]: Writer" for Sink V2's writer).
            int id = OperatorNames.firstNodeId(node.getOperatorName());
            if (id >= 0) {
                ids.computeIfAbsent(jobNodeId(jobNodeIds, id), k -> new ArrayList<>()).add(operatorId);
            }
        }
        JobToRun run = new JobToRun(compiledPlanJson, new PlannedJob(runs.plan(), ids), runs.jobNodeIds());
        Set<Integer> sourcesWithState = new TreeSet<>();
        for (StreamNode source : SourceOperators.withState(graph)) {
            int id = OperatorNames.firstNodeId(source.getOperatorName());
            if (id >= 0) {
                sourcesWithState.add(jobNodeId(jobNodeIds, id));
            }
        }
        Set<Integer> boundedSources = new TreeSet<>();
        for (int id : BoundedSources.of(transformations)) {
            boundedSources.add(jobNodeId(jobNodeIds, id));
        }
        if (!withClaims) {
            return new JudgedJob(run, Map.of(), Map.of(), MaxParallelism.Vertices.NONE, sourcesWithState, boundedSources);
        }
        MaxParallelism.Vertices vertices = MaxParallelism.Vertices.of(graph, transformations, asRun);
        return new JudgedJob(run, claims(graph, hashes, names), serializers, vertices, sourcesWithState, boundedSources);
    }

    /**
     * The operator ids by which the operators of {@code graph}'s job claim a savepoint's state, each
     * with the name of the operator that claims it ({@code names}, by stream node id), as {@code
     * StreamingJobGraphGenerator} gives them to its job vertices, without building the job graph
     * (1.20 and 2.3): every stream node it chains ({@code createChain}, from the sources on: the
     * nodes {@code StreamGraphHasherV2} hashes) becomes one {@code OperatorIDPair} of its vertex
     * ({@code OperatorChainInfo#addNodeToChain}, the {@code chainedOperatorHashes} of the chain's
     * head), whose generated id is {@code hashes}' (the {@code StreamGraphHasherV2} hash: a uid's hash
     * where the node has one, else its place in the topology) and whose user-defined id is the
     * node's {@code StreamGraphUserHashHasher} hash ({@code Transformation#setUidHash}), if any. A
     * chain's operators are claimed each with its own id, whichever vertex holds them: {@code
     * Checkpoints#loadAndValidateCheckpoint} maps a saved operator to the vertex that has either id
     * in its pairs, and {@code StateAssignmentOperation} prefers the user-defined one.
     *
     * <p>The one exception: a source that Flink chains into the input of a multiple-input operator
     * ({@code ChainingStrategy#HEAD_WITH_SOURCES}, {@code buildChainedInputsAndGetHeadInputs}) gets
     * an operator id but no pair. The table planner makes such operators only in batch mode ({@code
     * BatchExecMultipleInput}); where one is there, the ids are the job graph's own.
     */
    static Map<OperatorID, String> claims(StreamGraph graph, Map<Integer, byte[]> hashes, Map<Integer, String> names) {
        Map<OperatorID, String> claims = new HashMap<>();
        if (chainsSourcesIntoInputs(graph)) {
            Map<OperatorID, String> byGeneratedId = new HashMap<>();
            hashes.forEach((node, hash) -> byGeneratedId.put(new OperatorID(hash), names.get(node)));
            for (JobVertex vertex : graph.getJobGraph().getVertices()) {
                for (OperatorIDPair pair : vertex.getOperatorIDs()) {
                    String name = byGeneratedId.getOrDefault(pair.getGeneratedOperatorID(), vertex.getName());
                    claims.put(pair.getGeneratedOperatorID(), name);
                    pair.getUserDefinedOperatorID().ifPresent(id -> claims.put(id, name));
                }
            }
            return Map.copyOf(claims);
        }
        Map<Integer, byte[]> userHashes = new StreamGraphUserHashHasher().traverseStreamGraphAndGenerateHashes(graph);
        hashes.forEach((node, hash) -> {
            String name = names.get(node);
            claims.put(new OperatorID(hash), name);
            byte[] userHash = userHashes.get(node);
            if (userHash != null) {
                claims.put(new OperatorID(userHash), name);
            }
        });
        return Map.copyOf(claims);
    }

    /** Whether an operator of {@code graph} may take sources into its chain as inputs ({@code ChainingStrategy#HEAD_WITH_SOURCES}). */
    private static boolean chainsSourcesIntoInputs(StreamGraph graph) {
        for (StreamNode node : graph.getStreamNodes()) {
            if (node.getOperatorFactory() != null
                    && node.getOperatorFactory().getChainingStrategy() == ChainingStrategy.HEAD_WITH_SOURCES) {
                return true;
            }
        }
        return false;
    }

    /** The id the plan node {@code id} of the translated plan has in the plan that runs (the same when that plan was translated). */
    private static int jobNodeId(Optional<Map<Integer, Integer>> jobNodeIds, int id) {
        if (jobNodeIds.isEmpty()) {
            return id;
        }
        Integer renumbered = jobNodeIds.get().get(id);
        if (renumbered == null) {
            throw new TableException("the translated plan names node " + id + ", which its compiled plan does not have");
        }
        return renumbered;
    }

    /**
     * The operator ids by which the operators of the job graph {@code graph} claim a savepoint's
     * state, each with the name of its job vertex: every operator's generated id and its
     * user-defined one, if any ({@code JobVertex#getOperatorIDs}), as {@code
     * Checkpoints#loadAndValidateCheckpoint} maps state to operators. The reference the claims of a
     * {@link JudgedJob}, computed without a job graph, are held to ({@code RestoreParityTest}).
     */
    public static Map<OperatorID, String> claims(JobGraph graph) {
        Map<OperatorID, String> claims = new HashMap<>();
        for (JobVertex vertex : graph.getVertices()) {
            for (OperatorIDPair pair : vertex.getOperatorIDs()) {
                claims.put(pair.getGeneratedOperatorID(), vertex.getName());
                pair.getUserDefinedOperatorID().ifPresent(id -> claims.put(id, vertex.getName()));
            }
        }
        return Map.copyOf(claims);
    }

    /**
     * A job of a judged compiled plan, translated once: what the hand-off needs of it ({@code run},
     * {@link JobToRun}), the operator ids that claim a savepoint's state, each with the name of the
     * operator that claims it ({@code claims}, what {@link StatementRestores#judgeJob} matches the
     * savepoint against; {@link #claims(StreamGraph, Map, Map)}), the state serializers of each
     * operator by its operator id (hex), as the stream graph gives them to the operator ({@code
     * serializers}, what {@link SavepointSerializers} checks a savepoint's serializer snapshots
     * against), and the job's vertices with their parallelism and maximum parallelism as Flink's
     * scheduler computes them ({@code vertices}, {@link MaxParallelism.Vertices}: built from the job
     * graph only where a savepoint's maximum parallelism could conflict with them).
     *
     * <p>A claim is named after its operator ({@code GroupAggregate[4]}, the stream node's name as
     * the job that runs has it), not after the job vertex that holds it ({@code GroupAggregate[4] ->
     * Sink: out[5]}): a savepoint keeps state per operator, and the operator's name is what Flink 2.x
     * records with that state in a savepoint of the new job ({@code OperatorIDPair} of {@code
     * StreamingJobGraphGenerator#createJobVertex}, {@code OperatorState#getOperatorName}).
     *
     * <p>{@code sourcesWithState} are the plan nodes (ids of the plan that runs) whose source operators can hold
     * state a savepoint keeps, as Flink builds them ({@link SourceOperators}): what a job compared with another
     * without a savepoint counts of its sources ({@link JobVersion}); {@code boundedSources} those Flink translated
     * as bounded ({@link BoundedSources}).
     */
    public record JudgedJob(
            JobToRun run, Map<OperatorID, String> claims, Map<String, OperatorSerializers> serializers,
            MaxParallelism.Vertices vertices, Set<Integer> sourcesWithState, Set<Integer> boundedSources) {
        public JudgedJob {
            claims = Map.copyOf(claims);
            serializers = Map.copyOf(serializers);
            sourcesWithState = Set.copyOf(sourcesWithState);
            boundedSources = Set.copyOf(boundedSources);
        }

        /** The plan that runs and its operator ids by plan node ({@link JobToRun#planned}). */
        public PlannedJob planned() {
            return run.planned();
        }

        /** The id each node of the judged plan has in the plan that runs ({@link JobToRun#jobNodeIds}). */
        public Map<Integer, Integer> jobNodeIds() {
            return run.jobNodeIds();
        }
    }

    /**
     * What the hand-off needs of a judged job, and no more (not the stream graph its claims and
     * vertices were read from, which a decision would otherwise keep until the statement runs).
     *
     * @param judgedPlan the judged compiled plan's JSON the job was translated from
     * @param planned the plan that runs ({@link StatementUids}: renumbered), what the plan store keeps and
     *     {@code StateChanges} compares, with its operator ids by plan node
     * @param jobNodeIds by the judged plan's node id, its id in the plan that runs ({@link
     *     StatementUids#jobNodeIds}, read from the same JSON once)
     */
    public record JobToRun(String judgedPlan, PlannedJob planned, Map<Integer, Integer> jobNodeIds) {
        public JobToRun {
            jobNodeIds = Map.copyOf(jobNodeIds);
        }
    }

    /**
     * The serializers an operator of the job gets from its stream node ({@code StreamNode}, written into
     * its {@code StreamConfig} by {@code StreamingJobGraphGenerator}): the key serializer its keyed state
     * backend is built with ({@code StreamNode#getStateKeySerializer}, absent for an operator that is not
     * keyed) and the serializers of its inputs' rows ({@code StreamNode#getTypeSerializersIn}), which are
     * the rows a Top-N, a deduplication or a join keeps in its state.
     *
     * @param name the operator's name in the job ({@code GroupAggregate[3]})
     */
    public record OperatorSerializers(
            String name, java.util.Optional<org.apache.flink.api.common.typeutils.TypeSerializer<?>> key,
            List<org.apache.flink.api.common.typeutils.TypeSerializer<?>> inputs) {

        public OperatorSerializers {
            inputs = List.copyOf(inputs);
        }

        static OperatorSerializers of(StreamNode node, String name) {
            List<org.apache.flink.api.common.typeutils.TypeSerializer<?>> inputs = new ArrayList<>();
            for (org.apache.flink.api.common.typeutils.TypeSerializer<?> in : node.getTypeSerializersIn()) {
                if (in != null) {
                    inputs.add(in);
                }
            }
            return new OperatorSerializers(
                    name, java.util.Optional.ofNullable(node.getStateKeySerializer()), inputs);
        }
    }

    /**
     * Translates the compiled plan {@code plan} as explaining it does ({@code CompiledPlan#explain}:
     * {@code StreamPlanner#explainPlan}, 1.20 and 2.3), without writing the explanation, so that Flink
     * raises here the errors it finds only in translation, as running the plan would ({@code
     * TableEnvironmentImpl#executePlan}: {@code Planner#translatePlan}, then the executor's pipeline).
     * {@code explainPlan} translates the exec-node graph ({@code translateToPlan}, between {@code
     * beforeTranslation} and {@code afterTranslation}: what {@code Planner#translatePlan} does), has
     * the executor build the stream graph of the transformations ({@code Executor#createPipeline} with
     * the table configuration), then writes the plan as text ({@code ExecNodePlanDumper#dagToString},
     * and the stream graph as JSON only for {@code JSON_EXECUTION_PLAN}). The text is the only part
     * left out: it raises nothing a statement can cause. The stream graph is built because its
     * generation raises errors of its own that a user can hit (Flink 2.3's {@code
     * StreamGraphGenerator}, flink-runtime: "Auto generated UIDs have been disabled but no UID or hash
     * has been assigned to operator ..." under {@code pipeline.auto-generate-uids: false}; a
     * connector's Sink V2 topology expanded by {@code SinkTransformationTranslator}; the executor's
     * {@code StreamExecutionEnvironment#configure} of the table configuration). The stream graph is
     * named as the executor names a query's job ({@link #streamGraph}); a job's name is no part of
     * any check.
     *
     * @return the ids (as {@code plan} numbers its nodes) of the sources Flink translated as bounded ({@link
     *     BoundedSources})
     */
    public static Set<Integer> translate(TableEnvironmentInternal tEnv, InternalPlan plan) {
        List<Transformation<?>> transformations = planner(tEnv).translatePlan(plan);
        streamGraph(tEnv, transformations);
        return BoundedSources.of(transformations);
    }

    private static JobGraph jobGraph(TableEnvironmentInternal tEnv, List<Transformation<?>> transformations) {
        return streamGraph(tEnv, transformations).getJobGraph();
    }

    private static StreamGraph streamGraph(TableEnvironmentInternal tEnv, List<Transformation<?>> transformations) {
        // The query operation only names the job; the job name is no part of any operator id.
        Pipeline pipeline = environment(tEnv).generatePipelineFromQueryOperation(null, transformations);
        if (!(pipeline instanceof StreamGraph graph)) {
            throw new TableException("Flink built a " + pipeline.getClass().getName() + ", not a stream graph");
        }
        return graph;
    }

    private static Planner planner(TableEnvironmentInternal tEnv) {
        return environment(tEnv).getPlanner();
    }

    private static TableEnvironmentImpl environment(TableEnvironmentInternal tEnv) {
        if (tEnv instanceof TableEnvironmentImpl impl) {
            return impl;
        }
        throw new TableException("not Flink's TableEnvironmentImpl: " + tEnv.getClass().getName());
    }
}
