package io.github.sqlguard.flink;

import io.github.sqlguard.restore.PlannedJob;
import io.github.sqlguard.restore.StateChange;
import io.github.sqlguard.restore.StateChanges;
import io.github.sqlguard.rules.Restore;
import io.github.sqlguard.rules.Restore.SavedOperator;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.apache.flink.table.api.TableException;
import org.apache.flink.table.api.internal.TableEnvironmentInternal;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One version of a statement's job (an INSERT, or a statement set), set against another version
 * before either runs: what {@code lint --since} does with a changed INSERT and its version at the
 * base. The job is Flink's, planned as the guard runs it ({@link StatementJobs#plannedJob}: the
 * judged compiled plan translated with the statement text's operator ids, {@link StatementUids}),
 * with the tables it writes and its plan nodes' descriptions.
 *
 * <p>A savepoint of the old version holds the state of its stateful operators (the plan nodes the
 * comparator {@link StateChanges} judges) and of its sources that keep state: Flink's {@code
 * SourceOperator} (a FLIP-27 source) keeps the splits it reads (a Kafka partition's offsets) in
 * operator state and its enumerator's in its coordinator's, and a legacy source function that
 * checkpoints its checkpointed state ({@link SourceOperators}, asked of the job's stream graph), so
 * such a source whose operator id the new job lacks is state Flink cannot map as much as an
 * aggregation's ({@code Checkpoints#loadAndValidateCheckpoint} maps every operator's state by id).
 * A source that keeps none (a legacy function that does not checkpoint) is not counted.
 *
 * @param job the job, with its plan nodes' operator ids
 * @param sinks the tables it writes, as the compiled plan names them ({@code `cat`.`db`.`t`}), sorted
 * @param descriptions each plan node's description ({@code GroupAggregate(groupBy=[k], select=[...])}), by node id
 * @param sources the ids of its plan's source scan nodes whose source operators can hold state ({@link
 *     StatementJobs.JudgedJob#sourcesWithState})
 * @param vertices the job's vertices with their parallelism and maximum parallelism as Flink's scheduler
 *     computes them ({@link MaxParallelism.Vertices}), whose job graph is built only where a restore
 *     between two versions could conflict with them ({@link #restoreFrom})
 */
public record JobVersion(
        PlannedJob job, Set<String> sinks, Map<Integer, String> descriptions, Set<Integer> sources,
        MaxParallelism.Vertices vertices) {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** A node as {@link StateChange#operator} names it: {@code GroupAggregate[3]}. */
    private static final Pattern LABEL = Pattern.compile("\\[(\\d+)]$");

    public JobVersion {
        // Sorted as the components say (Set.copyOf keeps no order): the sources in node order, as the unclaimed
        // operators are listed.
        sinks = Collections.unmodifiableSortedSet(new TreeSet<>(sinks));
        descriptions = Map.copyOf(descriptions);
        sources = Collections.unmodifiableSortedSet(new TreeSet<>(sources));
    }

    /**
     * The restore of a savepoint of one version into another, judged from the two jobs.
     *
     * @param restore what the restore rules judge: the old job's stateful operators (its sources
     *     that can hold state included) that an operator of the new job claims and those none does, with sizes unknown
     *     ({@code -1}: no savepoint was read), compared with the old job's plan ({@link
     *     Restore#comparedWith}: the changes of the operators that map)
     * @param changes the comparator's judgement of each stateful operator of the old job ({@link StateChanges#compare})
     */
    public record Comparison(Restore restore, List<StateChange> changes) {
        public Comparison {
            changes = List.copyOf(changes);
        }
    }

    /** The job of the judged compiled plan {@code compiledPlanJson}, planned in {@code tEnv} (an environment of its own). */
    public static JobVersion ofJudgedPlan(TableEnvironmentInternal tEnv, String compiledPlanJson) {
        StatementJobs.JudgedJob judged = StatementJobs.judgedJob(tEnv, compiledPlanJson);
        PlannedJob job = judged.planned();
        JsonNode plan;
        try {
            plan = JSON.readTree(job.plan());
        } catch (IOException e) {
            throw new TableException("the judged compiled plan is not the JSON Flink writes", e);
        }
        Set<String> sinks = new TreeSet<>();
        Map<Integer, String> descriptions = new LinkedHashMap<>();
        for (JsonNode node : plan.path("nodes")) {
            int id = node.path("id").asInt();
            descriptions.put(id, node.path("description").asText(node.path("type").asText()));
            JsonNode identifier = node.path("dynamicTableSink").path("table").path("identifier");
            if (identifier.isTextual()) {
                sinks.add(identifier.asText());
            }
        }
        return new JobVersion(job, sinks, descriptions, judged.sourcesWithState(), judged.vertices());
    }

    /**
     * The restore of a savepoint of {@code old} (taken while it ran) into this job: each stateful
     * operator of {@code old} judged by the comparator ({@link StateChanges#compare}: restores, a
     * changed meaning, incompatible, not mappable), and each of its sources that can hold state claimed by an
     * operator of this job with its id, or not.
     *
     * @param against what the old job is, as the restore findings name it after "savepoint": {@code
     *     "of the job of old.sql at main (3f2a1c9)"}
     * @param config this statement's configuration (its {@code ignore-unclaimed-state})
     */
    public Comparison restoreFrom(JobVersion old, String against, Map<String, String> config) {
        List<StateChange> changes = StateChanges.compare(old.job(), job);
        List<SavedOperator> matched = new ArrayList<>();
        List<SavedOperator> unclaimed = new ArrayList<>();
        for (StateChange change : changes) {
            SavedOperator saved = new SavedOperator(
                    change.operatorIds().isEmpty() ? change.operator() : change.operatorIds().get(0),
                    Optional.of(old.describe(change.operator())), Optional.empty(), -1,
                    change.newOperator().map(this::describe));
            (change.kind() == StateChange.Kind.NOT_MAPPABLE ? unclaimed : matched).add(saved);
        }
        Set<String> claims = job.allOperatorIds();
        for (int source : old.sources()) {
            List<String> ids = old.job().operatorIds().getOrDefault(source, List.of());
            if (ids.isEmpty()) {
                continue;
            }
            Optional<String> claimedBy = ids.stream().allMatch(claims::contains)
                    ? Optional.of("a source of the new job")
                    : Optional.empty();
            SavedOperator saved =
                    new SavedOperator(ids.get(0), Optional.of(withId(old.descriptions().get(source), source)), Optional.empty(), -1,
                            claimedBy);
            (claimedBy.isPresent() ? matched : unclaimed).add(saved);
        }
        // The maximum parallelism a savepoint of the old job records for an operator is its vertex's as
        // the old job ran (ExecutionJobVertex#getMaxParallelism): configured, or derived from its parallelism.
        // Where the new job cannot conflict with the lowest the old job's can be, neither job graph is built.
        List<Restore.MaxParallelismConflict> maxParallelism = new ArrayList<>();
        if (!matched.isEmpty() && vertices.canConflict(old.vertices().lowestMaxParallelism())) {
            Map<String, MaxParallelism.Vertex> oldVertices = old.vertices().byOperatorId();
            Map<String, MaxParallelism.Vertex> newVertices = vertices.byOperatorId();
            for (SavedOperator saved : matched) {
                MaxParallelism.Vertex was = oldVertices.get(saved.operatorId());
                Optional<MaxParallelism.Vertex> is = ids(old, saved.operatorId()).stream()
                        .map(newVertices::get).filter(v -> v != null).findFirst();
                if (was != null && is.isPresent()) {
                    MaxParallelism.check(saved::describe, was.maxParallelism(), is.get(), true).ifPresent(maxParallelism::add);
                }
            }
        }
        boolean ignoreUnclaimed = StatementRestores.ignoresUnclaimedState(config);
        // An operator no operator of the new job claims is restore-unclaimed-state's (or -state-skipped's),
        // as the gateway leaves it: the comparison carries the operators that map.
        List<StateChange> mapped = changes.stream().filter(c -> c.kind() != StateChange.Kind.NOT_MAPPABLE).toList();
        return new Comparison(
                new Restore(against, Optional.empty(), matched, unclaimed, ignoreUnclaimed,
                                StatementRestores.unhonouredIgnoreKey(config, ignoreUnclaimed))
                        .comparedWith(against.startsWith("of ") ? against.substring("of ".length()) : against, mapped)
                        .withMaxParallelism(maxParallelism),
                changes);
    }

    /** Every operator id of the old job's plan node that has the operator id {@code operatorId}, that one first. */
    private static List<String> ids(JobVersion old, String operatorId) {
        List<String> ids = new ArrayList<>(List.of(operatorId));
        old.job().operatorIds().values().stream().filter(node -> node.contains(operatorId)).findFirst()
                .ifPresent(node -> node.stream().filter(id -> !id.equals(operatorId)).forEach(ids::add));
        return ids;
    }

    /**
     * A node as the comparator labels it ({@code GroupAggregate[3]}), with its description, which names its keys:
     * {@code GroupAggregate[3](groupBy=[k], ...)}, as a finding names its node.
     */
    private String describe(String label) {
        Matcher id = LABEL.matcher(label);
        if (!id.find()) {
            return label;
        }
        int node = Integer.parseInt(id.group(1));
        String description = descriptions.get(node);
        return description == null ? label : withId(description, node);
    }

    /**
     * A plan node's description ({@code GroupAggregate(groupBy=[k], ...)}) with its id after its name, as findings
     * name plan nodes ({@code GroupAggregate[3](groupBy=[k], ...)}, {@link PlanNodeIds}).
     */
    private static String withId(String description, int node) {
        int arguments = description.indexOf('(');
        return arguments < 0
                ? description + "[" + node + "]"
                : description.substring(0, arguments) + "[" + node + "]" + description.substring(arguments);
    }
}
