package io.github.sqlguard.rewrite;

import io.github.sqlguard.plan.Column;
import io.github.sqlguard.plan.ExplainedPlan;
import io.github.sqlguard.plan.Operator;
import io.github.sqlguard.plan.PlanNode;
import io.github.sqlguard.plan.StatefulOperators;
import io.github.sqlguard.rewrite.RewriteSession.Judged;
import io.github.sqlguard.rules.Finding;
import io.github.sqlguard.rules.Level;
import io.github.sqlguard.rules.StateTtl;
import io.github.sqlguard.rules.diagnosis.OnConflictRequiredRule;
import io.github.sqlguard.rules.plan.UnboundedRankRule;
import io.github.sqlguard.rules.restore.RestoreLoss;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Proves a candidate before it is shown, with the guard's own decision on it in the user's session
 * ({@link RewriteSession#judge}: planned there, nothing registered, nothing run). A candidate is
 * proven when
 *
 * <ol>
 *   <li>the guard could analyse it, and it plans (a planner rejection is a BLOCK finding);
 *   <li>the finding's rule no longer reports it, so the operator that caused the finding is gone;
 *   <li>it has no BLOCK finding of its own, but a restore rule's: where the statement restores state, the
 *       candidate is judged as that restore too, and one that would not keep the state is proven with its
 *       {@code changes:} line saying what it loses ({@link RestoreLoss}), for the {@link Rewriter} to rank it
 *       after the rewrites that restore;
 *   <li>the intended operator is in its plan, with the state TTL the rewrite sets ({@link Intent},
 *       read in the plan model: typed operators and the compiled plan's state entries);
 *   <li>its output columns (names and types, from the plan's roots) are the original's, or differ
 *       only as the rewrite says ({@link Candidate.Columns}); where the original did not plan there
 *       is nothing to compare, and the rewrite names its columns.
 * </ol>
 *
 * A structural rewrite (a subquery, a frame removed, {@code ROW_NUMBER}) that leaves only an
 * unbounded Top-N is proven again with the session state TTL set before it, as that is what makes
 * the Top-N bounded. A proven rewrite that sets a TTL says in its {@code changes:} line where its
 * plan's operators of one pipeline expire at different times ({@link TtlMix}). Stateless.
 */
final class Prover {

    /** What the proof of one candidate found. */
    sealed interface Proof permits Proven, Rejected, NotPlanned {}

    /** Proven: the rewrite to show. */
    record Proven(Rewrite rewrite) implements Proof {}

    /**
     * Not proven, and why; {@code onlyUnboundedRank} when the one BLOCK that refuses it is {@code unbounded-rank}'s,
     * which {@link #prove} answers at once with the session TTL set before the candidate; {@code onlyOnConflictRequired}
     * when it is {@code on-conflict-required}'s, which {@link #prove} answers for a window aggregation into a keyed sink
     * or a window join into a keyed sink with {@code ON CONFLICT DO DEDUPLICATE} ({@link WindowAggregate#keyedSink}).
     */
    record Rejected(String reason, boolean onlyUnboundedRank, boolean onlyOnConflictRequired) implements Proof {

        Rejected(String reason) {
            this(reason, false, false);
        }

        Rejected(String reason, boolean onlyUnboundedRank) {
            this(reason, onlyUnboundedRank, false);
        }
    }

    /** Not planned, so neither proven nor rejected: the statement's proofs have spent their budget, as {@code reason} says. */
    record NotPlanned(String reason) implements Proof {}

    private Prover() {}

    static Proof prove(Candidate candidate, RewriteContext context) {
        Proof proof = proveOnce(candidate, context);
        if (proof instanceof Rejected rejected && rejected.onlyUnboundedRank()
                && !candidate.config().containsKey(StateTtl.KEY)) {
            ProposedTtl proposed = context.proposedStateTtl();
            String ttl = proposed.value();
            return proveOnce(
                    candidate.withSet(
                            StateTtl.KEY, ttl, forTheRank(candidate)
                                    + "gives every stateful operator that no STATE_TTL hint"
                                    + " names, of this statement and of the session's later ones, a state TTL of " + ttl
                                    + ": its state expires " + ttl + " after a key's last change (the Top-N starts anew for"
                                    + " a key idle that long)",
                            proposed.chosen()),
                    context);
        }
        // A window aggregation or a window join into a sink keyed by a primary key, refused for that alone (Flink 2.3
        // derives no upsert key for either): proven again with ON CONFLICT DO DEDUPLICATE, which over their inserts keeps
        // no state (the proof checks that the sink plans no upsert materializer).
        Optional<String> written = candidate.family().equals(WindowAggregate.ID) ? Optional.of("a window aggregation")
                : candidate.family().equals(WindowJoinCondition.ID) ? Optional.of("a window join") : Optional.empty();
        if (proof instanceof Rejected rejected && rejected.onlyOnConflictRequired() && written.isPresent()
                && candidate.view().isEmpty()) {
            Optional<String> why = WindowAggregate.keyedSink(context, written.get());
            if (why.isPresent()) {
                return proveOnce(candidate.deduplicatingOnConflict(why.get()), context);
            }
        }
        return proof;
    }

    private static final String UNBOUNDED_ONLY = "only an unbounded Top-N blocks it";

    /** The operators of a window aggregation, whose state each window's end frees. */
    private static final Set<String> WINDOW_AGGREGATION =
            Set.of("WindowAggregate", "GlobalWindowAggregate", "LocalWindowAggregate");

    /**
     * Where the candidate's own operator is a window aggregation, which needs no TTL (its state is freed when each window
     * closes: Flink 2.3.0 {@code WindowAggOperator#onEventTime} clears the window's state at its end), what the session TTL set
     * before it is for: the ranking above the aggregation, which stays a {@code Rank} without a TTL ({@code
     * unbounded-rank}, the one BLOCK left), said once: the window family's own clause says that the window frees its state
     * and {@link RankOverWindows} what the Rank keeps; the SET's own words for any other candidate.
     */
    private static String forTheRank(Candidate candidate) {
        if (candidate.intent().operators().isEmpty()
                || !WINDOW_AGGREGATION.containsAll(candidate.intent().operators())) {
            return "the SET before it ";
        }
        // The window families' own clause says that each window's end frees its state, and RankOverWindows what the Rank
        // above keeps: said here again, this clause was 60 words of a line of 300 (issue 30, round 68).
        return "the window aggregation needs no state TTL: the SET before it is for the Rank above it (unbounded-rank"
                + " without one), and ";
    }

    private static Proof proveOnce(Candidate candidate, RewriteContext context) {
        if (!candidate.tables().isEmpty() && !context.session().mayUseScratchTables()) {
            return new Rejected("it needs a changed table, which is planned only while the session's order is held");
        }
        if (context.plansAsTheStatement(candidate)) {
            // The call's own execution config sets every key the candidate SETs and wins over it (SessionRewrites):
            // planning it would plan the user's statement again, with the finding this candidate answers.
            return new Rejected(candidate.ruleId() + " is still reported: the statement's own execution config sets "
                    + String.join(", ", candidate.config().keySet().stream().sorted().toList())
                    + ", over the SET before it (not planned)");
        }
        List<Finding> kept = context.blockingKept(candidate);
        if (!kept.isEmpty()) {
            // A BLOCK finding on an operator the candidate cannot change stays in its plan (Reach): refused whatever
            // else it changes. Where only unbounded-rank stays, prove() tries it again with the session TTL at once.
            boolean onlyUnbounded = kept.stream().allMatch(f -> f.ruleId().equals(UnboundedRankRule.ID));
            return new Rejected((onlyUnbounded ? UNBOUNDED_ONLY + ": " : "BLOCK: ")
                    + String.join(", ", kept.stream().map(Finding::ruleId).distinct().toList()) + " stays on "
                    + String.join(", ", kept.stream().map(Finding::node).distinct().toList()) + ", which " + candidate.family()
                    + " does not change (not planned)", onlyUnbounded);
        }
        Optional<String> unreached = context.hintCannotReach(candidate);
        if (unreached.isPresent()) {
            // Flink's QueryHintsResolver cannot match the hint to every join input it must reach (HintReach): the proof
            // would find a Join state without the TTL, so it is not planned.
            return new Rejected(candidate.ruleId() + " is still reported: " + unreached.get());
        }
        Optional<String> spent = context.budgetSpent(candidate.planned(), candidate.config(), candidate.tables());
        if (spent.isPresent()) {
            return new NotPlanned(spent.get());
        }
        Judged judged;
        try {
            judged = context.judge(candidate.planned(), candidate.config(), candidate.tables());
        } catch (RuntimeException e) {
            return new Rejected("the guard could not judge it: " + e);
        }
        if (judged.unanalysed().isPresent()) {
            return new Rejected("the guard could not analyse it: " + judged.unanalysed().get());
        }
        List<Finding> findings = judged.verdict().findings();
        Optional<Finding> still = stillReported(
                candidate, findings, judged.plan(), context.request().verdict().findings(), context.request().plan());
        if (still.isPresent()) {
            return new Rejected(candidate.ruleId() + " is still reported (" + still.get().node() + ")");
        }
        // A restore rule's BLOCK says the rewrite does not keep the state the statement restores, not that its plan is
        // wrong: it is proven, and says so (RestoreLoss), and the rewrites that restore come first (Rewriter).
        List<Finding> blocking = judged.verdict().findings(Level.BLOCK).stream()
                .filter(f -> !RestoreLoss.aboutTheRestore(f)).toList();
        if (!blocking.isEmpty()) {
            boolean onlyUnbounded = blocking.stream().allMatch(f -> f.ruleId().equals(UnboundedRankRule.ID));
            return new Rejected((onlyUnbounded ? UNBOUNDED_ONLY + ": " : "BLOCK: ")
                    + String.join(", ", blocking.stream().map(Finding::ruleId).distinct().toList()) + " ("
                    + blocking.get(0).reason() + ")", onlyUnbounded,
                    blocking.stream().allMatch(f -> f.ruleId().equals(OnConflictRequiredRule.ID)));
        }
        Optional<String> violation = candidate.intent().violation(judged.plan());
        if (violation.isPresent()) {
            return new Rejected(violation.get());
        }
        Optional<String> columns = columns(candidate, context.request().plan(), judged.plan(), context.session());
        if (columns.isEmpty()) {
            return new Rejected("its output columns differ from the original's: " + output(judged.plan()) + ", not "
                    + output(context.request().plan()));
        }
        List<StillReported> remaining = findings.stream().map(StillReported::of).distinct().toList();
        boolean setsTtl = candidate.config().containsKey(StateTtl.KEY) || candidate.intent().ttl().isPresent()
                || candidate.intent().boundedBelow().isPresent();
        // A TTL for the whole statement reaches its joins and first-row deduplications too, whose entries expire after they
        // were written, not after the key's last change (TtlExpiry); a hint's own changes: line says it for its join. A TTL
        // moved out of a table's options takes effect where it never did: its DISTINCT aggregates are said from the
        // rewrite's plan (the original may not have planned).
        String changes = said(candidate, context, judged.plan())
                + (candidate.family().equals(StateTtlHint.ID) && candidate.intent().operators().equals(List.of("Join"))
                        ? DistinctUnderTtl.reachedByJoinHint(context, judged.plan(),
                                context.proposedStateTtl().ttl()) : "")
                + (candidate.family().equals(SessionStateTtl.ID)
                        ? SessionStateTtl.aggregations(candidate, context, judged.plan()) : "")
                + (candidate.family().equals(SessionStateTtl.ID) || candidate.family().equals(TtlAsJobSetting.ID)
                        ? TtlExpiry.perRowOperators(judged.plan(), context.request().statement().facts()) : "")
                + (candidate.family().equals(TtlAsJobSetting.ID) ? DistinctUnderTtl.inPlan(judged.plan()) : "")
                + (candidate.config().containsKey(StateTtl.KEY) ? TtlExpiry.rankEntries(judged.plan()) : "")
                + (candidate.config().containsKey(StateTtl.KEY)
                        ? TtlExpiry.overAggregates(judged.plan(), candidate.config().get(StateTtl.KEY)) : "")
                + (candidate.config().containsKey(StateTtl.KEY)
                        ? TtlExpiry.temporalJoins(judged.plan(), candidate.config().get(StateTtl.KEY)) : "")
                + (candidate.family().equals(WindowGroup.ID) || candidate.family().equals(WindowAggregate.ID)
                        ? judged.plan().map(p -> RankOverWindows.changes(p, candidate.statement())
                                + AggregationOverWindows.changes(p, candidate.statement())).orElse("") : "")
                + (setsTtl ? TtlMix.changes(judged.plan(), context.request().statement().facts().tableReferences()) : "")
                + (setsTtl ? AggregateOverAggregate.changes(judged.plan()) : "")
                + (setsTtl ? leftUnbounded(candidate, findings, judged.plan(),
                        context.request().statement().facts().tableReferences()) : "")
                + (candidate.family().equals(WindowGroup.ID) || candidate.family().equals(WindowAggregate.ID)
                        ? judged.plan().map(p -> leftByWindow(candidate, findings, p)).orElse("") : "");
        Optional<String> lost = RestoreLoss.of(judged.verdict(), judged.restore());
        return new Proven(new Rewrite(
                candidate.ruleId(), candidate.findingNode(), candidate.family(), candidate.sql(),
                candidate.statement().strip(), operators(judged.plan()), columns.get(),
                changes + lost.map(l -> "; " + l).orElse(""), candidate.chosen(), candidate.view(),
                remaining, List.of(), candidate.way(), lost.isEmpty()));
    }

    /**
     * The finding of the candidate's rule that its plan still has, if any: every finding of that rule counts, except
     * one about an operator the original statement has too and another finding of the original is about: that
     * operator is not the one this finding is about, and the rewrite leaves it as it was. An operator of the rewrite's
     * plan is the original's one by its identity in each plan ({@link OperatorIdentity}: the operator, the tables it
     * reads and the side of each join above it it is on), not by its printed line, which a rewrite can change (a join's
     * keys print as its inputs name them, {@code rightKeys=[hr0, region]}, and otherwise once one input is a window
     * aggregation) and which two operators can share (two aggregations grouped by the same names). Only where the
     * identity cannot tell the finding's own operator from another (an aggregation over an aggregation of one table,
     * each of one input) does the printed line without ids decide between them. Flink 1.20 plans a {@code
     * ChangelogNormalize} over an upsert source under the {@code Join} and under the {@code TemporalJoin} that replaces
     * it: the join's finding is gone, the source's stays (the same operator over the same table on the same side), as
     * the rewrite's {@code still reported} line says. A finding about no plan node counts always, and so does one whose
     * operator is the candidate's own finding's, or cannot be told from it.
     *
     * @param candidate the candidate, with the finding it answers ({@link Candidate#answers()})
     * @param rewritten the findings of the candidate's plan
     * @param rewrittenPlan the candidate's plan, planned with {@link Candidate#tables()} under their scratch names
     * @param original the findings of the user's statement
     * @param originalPlan the user's statement's plan
     */
    static Optional<Finding> stillReported(
            Candidate candidate, List<Finding> rewritten, Optional<ExplainedPlan> rewrittenPlan, List<Finding> original,
            Optional<ExplainedPlan> originalPlan) {
        AnsweredFinding answered = candidate.answers();
        Optional<Reported> own = answered.operator().map(o -> new Reported(o, shape(answered.node())));
        List<Reported> others = new ArrayList<>();
        for (Finding finding : original) {
            if (finding.ruleId().equals(candidate.ruleId()) && finding.planNode().isPresent() && !answered.is(finding)) {
                finding.planNode().flatMap(id -> originalPlan.flatMap(p -> OperatorIdentity.of(p, id)))
                        .ifPresent(o -> others.add(new Reported(o, shape(finding.node()))));
            }
        }
        // A rewrite that changes one SELECT's hint alone (Intent#only) plans the same operators in the same order: the
        // statement's node ids name its nodes, and tell two operators apart that read the same tables alike (two
        // aggregations of clicks by url under one UNION ALL, case 1161).
        Set<Integer> otherIds = new java.util.HashSet<>();
        if (candidate.intent().only().isPresent() && answered.planNode().isPresent()) {
            for (Finding finding : original) {
                if (finding.ruleId().equals(candidate.ruleId()) && finding.planNode().isPresent() && !answered.is(finding)
                        && !candidate.intent().only().get().contains(finding.planNode().get())) {
                    otherIds.add(finding.planNode().get());
                }
            }
        }
        for (Finding finding : rewritten) {
            if (!finding.ruleId().equals(candidate.ruleId())) {
                continue;
            }
            if (finding.planNode().isPresent() && otherIds.remove(finding.planNode().get())) {
                continue; // another SELECT's operator, which the rewrite leaves as it was
            }
            Optional<Reported> other = finding.planNode()
                    .flatMap(id -> rewrittenPlan.flatMap(p -> OperatorIdentity.of(p, id, candidate.tables())))
                    .flatMap(o -> another(new Reported(o, shape(finding.node())), own, others));
            if (other.isEmpty()) {
                return Optional.of(finding);
            }
            others.remove(other.get());
        }
        return Optional.empty();
    }

    /** A finding's operator ({@link OperatorIdentity}) and its printed line without ids ({@link #shape}). */
    private record Reported(OperatorIdentity operator, String shape) {}

    /**
     * The one of {@code others} that {@code reported} is about, where it is not {@code own}: the same operator over the
     * same tables ({@link OperatorIdentity#sameOperator}), on the same sides where several are; where {@code own} is
     * such an operator too, one on other sides than {@code own}'s, or else on the same ones and printed as {@code
     * reported} is, where {@code own} is printed otherwise. Empty where it is {@code own}, none of them, or cannot be
     * told from {@code own}.
     */
    private static Optional<Reported> another(Reported reported, Optional<Reported> own, List<Reported> others) {
        OperatorIdentity operator = reported.operator();
        List<Reported> alike = others.stream().filter(o -> o.operator().sameOperator(operator)).toList();
        List<Reported> sameSides = alike.stream().filter(o -> o.operator().sides().equals(operator.sides())).toList();
        if (own.isEmpty() || !own.get().operator().sameOperator(operator)) {
            // Each of them is another finding's operator, which the rewrite leaves: the one on the same sides if any.
            return sameSides.stream().findFirst().or(() -> alike.stream().findFirst());
        }
        if (!own.get().operator().sides().equals(operator.sides())) {
            return sameSides.stream().findFirst();
        }
        if (reported.shape().equals(own.get().shape())) {
            return Optional.empty();
        }
        return sameSides.stream().filter(o -> o.shape().equals(reported.shape())).findFirst();
    }

    /**
     * {@code "; it leaves the OverAggregate (device_id) over readings, which keeps its state with no TTL (never expires):
     * still reported"}: the operators of the rewrite's plan that its rule still reports besides the one the candidate is
     * about ({@link #stillReported} lets them stay), for a rewrite that sets a TTL: a {@code STATE_TTL} hint on a {@code
     * GROUP BY} bounds the aggregation and leaves the {@code OverAggregate} below it unbounded (no hint reaches an OVER
     * aggregate), which the {@code changes:} line says; the {@link Rewriter} puts such a rewrite after one of the same
     * finding that leaves none. Each is named so that two alike are told apart, with each state's TTL as the rewrite's
     * compiled plan gives it ({@link TtlMix#held}: a join whose hint keeps one side 1 d does not keep "no TTL"). Empty
     * where none is left.
     */
    private static String leftUnbounded(Candidate candidate, List<Finding> rewritten, Optional<ExplainedPlan> plan,
            List<io.github.sqlguard.statement.ParsedStatement.TableReference> references) {
        if (plan.isEmpty() || !plan.get().compiled()) {
            List<String> left = unboundedOperators(candidate, rewritten);
            return left.isEmpty() ? "" : "; it leaves the " + String.join(" and the ", left) + " with no TTL (still reported)";
        }
        Map<Integer, Finding> nodes = new java.util.LinkedHashMap<>();
        for (Finding finding : rewritten) {
            // The proof let each of them stay: none is the operator of the candidate's own finding (stillReported).
            if (finding.ruleId().equals(candidate.ruleId()) && finding.planNode().isPresent()
                    && plan.get().node(finding.planNode().get()).isPresent()) {
                nodes.putIfAbsent(finding.planNode().get(), finding);
            }
        }
        // Each by its name first; two that read alike (two joins of orders with customers under one UNION ALL, case 918)
        // by their plan node too.
        Map<Integer, String> names = new java.util.LinkedHashMap<>();
        nodes.forEach((id, finding) -> names.put(id, TtlMix.held(plan.get(), plan.get().node(id).orElseThrow(),
                finding.facts().keys(), references, false).replaceFirst(", which keeps .*", "")));
        List<String> left = new ArrayList<>();
        nodes.forEach((id, finding) -> left.add(TtlMix.held(plan.get(), plan.get().node(id).orElseThrow(),
                finding.facts().keys(), references,
                java.util.Collections.frequency(names.values(), names.get(id)) > 1)));
        return left.isEmpty() ? "" : "; it leaves " + String.join(", and ", left) + ": still reported";
    }

    /**
     * {@code "; the window frees this aggregation's state only: the join on region keeps its state with no TTL (its own
     * stateful-without-ttl finding, still reported)"}: for a window rewrite, the other operators of its plan that its rule
     * still reports (a join above the window aggregation, which reads its results as rows of its own), so that its
     * {@code changes:} line does not read as if the window bounded the whole statement. The aggregation above the
     * windows that {@link AggregationOverWindows} says already is left out. Empty where none is left.
     */
    private static String leftByWindow(Candidate candidate, List<Finding> rewritten, ExplainedPlan plan) {
        Optional<Integer> said = AggregationOverWindows.upper(plan).map(PlanNode::id);
        List<String> left = new ArrayList<>();
        for (Finding finding : rewritten) {
            // The proof let each of them stay: none is the operator of the candidate's own finding (stillReported).
            if (finding.ruleId().equals(candidate.ruleId()) && finding.planNode().isPresent()
                    && !finding.planNode().equals(said)) {
                String named = named(plan, finding);
                if (!left.contains(named)) {
                    left.add(named);
                }
            }
        }
        return left.isEmpty() ? "" : "; the window frees this aggregation's state only: the " + String.join(" and the ", left)
                + (left.size() == 1 ? " keeps its" : " keep their") + " state with no TTL ("
                + (left.size() == 1 ? "its own " : "each its own ") + candidate.ruleId() + " finding, still reported)";
    }

    /**
     * The operator of {@code finding} in {@code plan}, in words: {@code LEFT join on hr, region}, {@code aggregation
     * grouped by hr, region}; else as {@link #unboundedOperators} names it.
     */
    private static String named(ExplainedPlan plan, Finding finding) {
        int id = finding.planNode().orElseThrow();
        Optional<Operator.Join> join = plan.operators(Operator.Join.class).stream().filter(j -> j.node().id() == id).findFirst();
        if (join.isPresent()) {
            String type = join.get().joinType();
            return (type.equals("INNER") ? "join" : type + " join")
                    + (join.get().leftKeys().isEmpty() ? "" : " on " + String.join(", ", join.get().leftKeys()));
        }
        Optional<Operator.GroupAggregate> aggregate = plan.operators(Operator.GroupAggregate.class).stream()
                .filter(a -> a.node().id() == id).findFirst();
        if (aggregate.isPresent()) {
            return aggregate.get().groupBy().isEmpty() ? "aggregation with no GROUP BY"
                    : "aggregation grouped by " + String.join(", ", aggregate.get().groupBy());
        }
        String operator = finding.facts().operator().orElse(shape(finding.node()).replaceFirst("\\(.*", ""));
        return operator + (finding.facts().keys().isEmpty() ? "" : " (" + String.join(", ", finding.facts().keys()) + ")");
    }

    /** The operators ({@code Join (region)}) of {@code rewritten}'s findings of the candidate's rule besides its own one. */
    private static List<String> unboundedOperators(Candidate candidate, List<Finding> rewritten) {
        List<String> left = new ArrayList<>();
        for (Finding finding : rewritten) {
            // The proof let each of them stay: none is the operator of the candidate's own finding (stillReported).
            if (finding.ruleId().equals(candidate.ruleId()) && finding.planNode().isPresent()) {
                String operator = finding.facts().operator().orElse(shape(finding.node()).replaceFirst("\\(.*", ""));
                String keys = finding.facts().keys().isEmpty() ? "" : " (" + String.join(", ", finding.facts().keys()) + ")";
                if (!left.contains(operator + keys)) {
                    left.add(operator + keys);
                }
            }
        }
        return left;
    }

    /** A finding's node without its plan node ids: {@code Rank(partitionBy=[user_id], ...)}. */
    private static String shape(String node) {
        return NODE_ID.matcher(node).replaceAll("");
    }

    private static final Pattern NODE_ID = Pattern.compile("\\[\\d+]");

    /** The stateful operators of the plan, each name once, in plan order. */
    private static List<String> operators(Optional<ExplainedPlan> plan) {
        Set<String> names = new LinkedHashSet<>();
        plan.ifPresent(p -> p.nodes().stream().map(PlanNode::name).filter(StatefulOperators::isStateful).forEach(names::add));
        return List.copyOf(names);
    }

    /**
     * {@code same}, or the difference the rewrite declares, or (where the original did not plan)
     * the rewrite's columns; empty when the columns differ otherwise.
     */
    static Optional<String> columns(
            Candidate candidate, Optional<ExplainedPlan> original, Optional<ExplainedPlan> rewritten, RewriteSession session) {
        if (candidate.intent().operators().isEmpty()) {
            return Optional.of("same");
        }
        List<Column> after = output(rewritten);
        if (original.isEmpty()) {
            List<PlanNode> roots = rewritten.map(ExplainedPlan::roots).orElse(List.of());
            if (roots.size() > 1) {
                // A statement set: each INSERT's sink has its own columns, named by its table.
                return Optional.of("the original statement did not plan; the rewrite's: " + perSink(roots));
            }
            // A query's plan root may carry planner-made names ($2); Flink's validator gives the user's (rn).
            List<Column> named = session.columns(candidate.planned()).orElse(after);
            // Any name Flink made up (w0$o0, an OVER's row number, as much as $2): not a column the user would know.
            boolean plannerNames = named.stream().anyMatch(c -> Column.isPlannerMade(c.name()));
            return Optional.of(named.isEmpty() || plannerNames ? "not compared (the original statement did not plan)"
                    : "the original statement did not plan; the rewrite's: " + names(named));
        }
        List<Column> before = output(original);
        if (before.isEmpty() || after.isEmpty()) {
            return Optional.of("not compared (Flink gave no column types)");
        }
        after = plannerNamesKept(before, after, candidate.columns().added());
        if (sameColumns(before, after)) {
            return Optional.of("same");
        }
        List<String> added = new ArrayList<>();
        List<String> removed = new ArrayList<>();
        for (Column column : after) {
            if (before.stream().noneMatch(c -> c.name().equals(column.name()))) {
                added.add(column.name());
            }
        }
        for (Column column : before) {
            if (after.stream().noneMatch(c -> c.name().equals(column.name()))) {
                removed.add(column.name());
            }
        }
        boolean declared = candidate.columns().added().containsAll(added) && candidate.columns().removed().containsAll(removed)
                && (!added.isEmpty() || !removed.isEmpty());
        if (!declared) {
            return Optional.empty();
        }
        List<Column> kept = after.stream().filter(c -> !added.contains(c.name())).toList();
        List<Column> keptBefore = before.stream().filter(c -> !removed.contains(c.name())).toList();
        if (!sameColumns(keptBefore, kept)) {
            return Optional.empty();
        }
        StringBuilder out = new StringBuilder();
        if (!added.isEmpty()) {
            out.append(String.join(", ", added)).append(" added");
        }
        if (!removed.isEmpty()) {
            out.append(out.isEmpty() ? "" : "; ").append(String.join(", ", removed)).append(" dropped");
        }
        return Optional.of(out.toString());
    }

    /**
     * {@code after} with the columns the planner named in one plan and the user in the other given the
     * planner's name: a plan's root may carry Flink's name of a column ({@code w0$o0}, the row number of an
     * {@code OVER}; {@code $2}) where the other plan's root, of another shape, carries the user's ({@code rn}).
     * Such names of {@code before} that {@code after} lacks are paired, in order, with the names of {@code
     * after} that {@code before} lacks and the rewrite does not add on purpose, where there are as many of
     * each; the types are compared after.
     */
    static List<Column> plannerNamesKept(List<Column> before, List<Column> after, Set<String> addedOnPurpose) {
        List<String> plannerNames = before.stream().map(Column::name)
                .filter(n -> n.contains("$") && after.stream().noneMatch(c -> c.name().equals(n))).toList();
        List<String> userNames = after.stream().map(Column::name)
                .filter(n -> !addedOnPurpose.contains(n) && before.stream().noneMatch(c -> c.name().equals(n))).toList();
        if (plannerNames.isEmpty() || plannerNames.size() != userNames.size()) {
            return after;
        }
        List<Column> out = new ArrayList<>(after.size());
        for (Column column : after) {
            int at = userNames.indexOf(column.name());
            out.add(at < 0 ? column : new Column(plannerNames.get(at), column.type(), column.timeAttribute()));
        }
        return out;
    }

    /** Same names and types, in order; a time attribute counts as its type. */
    private static boolean sameColumns(List<Column> a, List<Column> b) {
        if (a.size() != b.size()) {
            return false;
        }
        for (int i = 0; i < a.size(); i++) {
            if (!a.get(i).name().equals(b.get(i).name()) || !baseType(a.get(i).type()).equals(baseType(b.get(i).type()))) {
                return false;
            }
        }
        return true;
    }

    /**
     * A column type without its time attribute marker and nullability ({@code TIMESTAMP(3) *ROWTIME*} is
     * {@code TIMESTAMP(3)}), a local-zoned timestamp in one spelling ({@code TIMESTAMP_LTZ(3)} is {@code
     * TIMESTAMP(3) WITH LOCAL TIME ZONE}).
     */
    static String baseType(String type) {
        String base = type.replace("*ROWTIME*", "").replace("*PROCTIME*", "").replace(" NOT NULL", "").strip();
        // The plan model gives a plain local-zoned timestamp as TIMESTAMP(3) WITH LOCAL TIME ZONE (its serializable
        // form) and a time attribute of that type as TIMESTAMP_LTZ(3) *ROWTIME* (its summary form): one type.
        return LOCAL_ZONED.matcher(base).replaceAll("TIMESTAMP($1) WITH LOCAL TIME ZONE");
    }

    private static final Pattern LOCAL_ZONED = Pattern.compile("TIMESTAMP_LTZ\\((\\d+)\\)");

    /** Each sink's columns after its table's name: {@code big_orders (order_id, amount), by_amount (order_id, amount)}. */
    private static String perSink(List<PlanNode> roots) {
        List<String> out = new ArrayList<>();
        for (PlanNode root : roots) {
            String name = root.table().map(t -> t.getObjectName()).orElse(root.label());
            out.add(name + " (" + names(root.outputType().columns()) + ")");
        }
        return String.join(", ", out);
    }

    private static String names(List<Column> columns) {
        return String.join(", ", columns.stream().map(Column::name).toList());
    }

    /** The output columns of a plan: its roots' (the sinks, or what a query's result reads), in order. */
    private static List<Column> output(Optional<ExplainedPlan> plan) {
        if (plan.isEmpty()) {
            return List.of();
        }
        List<Column> out = new ArrayList<>();
        for (PlanNode root : plan.get().roots()) {
            out.addAll(root.outputType().columns());
        }
        return out;
    }

    /**
     * The {@code changes:} line of {@code candidate} as the proof's plan {@code proven} has it, where the line is said
     * from facts the plan decides ({@link ChangesLine}): what a {@code state-ttl-hint}'s hints reach besides ({@link
     * StateTtlHint#reachedToo}), whether an {@code on-conflict} choice's sink has a materializer ({@link
     * OnConflictChoice#changes}). Else the candidate's own line.
     */
    private static String said(Candidate candidate, RewriteContext context, Optional<ExplainedPlan> proven) {
        Optional<ChangesLine> line = candidate.line();
        if (line.isPresent() && line.get() instanceof StateTtlHint.HintLine hint) {
            return StateTtlHint.reachedToo(hint, candidate.intent().operators().get(0), context.proposedStateTtl(),
                    context.request().plan(), proven).text();
        }
        if (line.isPresent() && line.get() instanceof OnConflictChoice.Choice choice) {
            return OnConflictChoice.changes(choice, proven);
        }
        return candidate.changes();
    }
}
