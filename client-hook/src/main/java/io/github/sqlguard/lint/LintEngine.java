package io.github.sqlguard.lint;

import io.github.sqlguard.audit.AuditLog;
import io.github.sqlguard.audit.Auditor;
import io.github.sqlguard.decision.Decision;
import io.github.sqlguard.flink.GatewaySessions;
import io.github.sqlguard.flink.JobVersion;
import io.github.sqlguard.flink.StatementRestores;
import io.github.sqlguard.flink.SqlClientLine;
import io.github.sqlguard.plan.PlannerError;
import io.github.sqlguard.policy.Policy;
import io.github.sqlguard.rewrite.Rewrite;
import io.github.sqlguard.rules.Finding;
import io.github.sqlguard.rules.Level;
import io.github.sqlguard.rules.Restore;
import io.github.sqlguard.rules.RuleCatalog;
import io.github.sqlguard.rules.RuleEngine;
import io.github.sqlguard.service.GuardOperations;
import io.github.sqlguard.service.HandOff;
import io.github.sqlguard.service.RestoreBaseline;
import io.github.sqlguard.service.StatementGuard;
import io.github.sqlguard.service.StatementPipeline;
import io.github.sqlguard.service.Submission;
import io.github.sqlguard.statement.ParsedStatement;
import io.github.sqlguard.statement.ScriptSplitter;
import io.github.sqlguard.statement.StatementParser;
import io.github.sqlguard.statement.StatementKind;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.table.api.internal.TableEnvironmentInternal;
import org.apache.flink.table.client.gateway.SingleSessionManager;
import org.apache.flink.table.gateway.api.SqlGatewayService;
import org.apache.flink.table.gateway.api.operation.OperationHandle;
import org.apache.flink.table.gateway.api.operation.OperationStatus;
import org.apache.flink.table.gateway.api.results.OperationInfo;
import org.apache.flink.table.gateway.api.session.SessionEnvironment;
import org.apache.flink.table.gateway.api.session.SessionHandle;
import org.apache.flink.table.gateway.rest.util.SqlGatewayRestAPIVersion;
import org.apache.flink.table.gateway.service.SqlGatewayServiceImpl;
import org.apache.flink.table.gateway.service.session.SessionManager;

import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;

/**
 * Lints scripts the way the guarded gateway decides on them, without running jobs: an embedded
 * Flink SQL Gateway service (Flink's own {@code SqlGatewayServiceImpl}, local execution, no REST),
 * one fresh session per script, and the guard's own {@link StatementPipeline} — the very pipeline
 * the gateway runs, so lint and gateway cannot disagree. Only the hand-off differs: statements
 * that change the session (DDL, SET, RESET, USE, SHOW, ADD JAR ...) take effect when the guard
 * allows them, so later statements plan against them; statements that would start a job
 * (queries, INSERTs, statement sets, {@code CREATE TABLE AS}, plans) are only planned.
 */
public final class LintEngine implements AutoCloseable {

    /** Kinds that take effect in the lint session when allowed. */
    private static final Set<StatementKind> APPLIED =
            EnumSet.of(StatementKind.SET, StatementKind.RESET, StatementKind.DDL, StatementKind.METADATA);

    /** Kinds that can read or write a table, so may be planned through a stand-in connector. */
    private static final Set<StatementKind> PLANS_TABLES = EnumSet.of(
            StatementKind.QUERY, StatementKind.INSERT, StatementKind.STATEMENT_SET, StatementKind.END_STATEMENT_SET,
            StatementKind.CREATE_TABLE_AS, StatementKind.MATERIALIZED_TABLE, StatementKind.EXPLAIN, StatementKind.PLAN,
            StatementKind.DDL, StatementKind.OTHER);

    private static final Duration APPLY_TIMEOUT = Duration.ofSeconds(60);

    private final SessionManager sessionManager;
    private final SqlGatewayService service;
    private final GatewaySessions sessions;
    private final StatementPipeline pipeline;
    private final GuardOperations operations;
    private final StatementGuard guard;
    private final boolean standInConnectors;
    private final Versions versions = new Versions();

    /**
     * @param config Flink's configuration with the guard's {@code sql-guard.*} policy
     * @throws IllegalArgumentException naming the key, for a bad {@code sql-guard.*} option
     */
    public LintEngine(Configuration config) {
        this(config, List.of());
    }

    /**
     * @param config Flink's configuration with the guard's {@code sql-guard.*} policy
     * @param dependencies the user's jars (connectors, formats, catalogs, UDFs), in every session's
     *     class loader as {@code sql-client.sh --jar} puts them
     * @throws IllegalArgumentException naming the key, for a bad {@code sql-guard.*} option
     */
    public LintEngine(Configuration config, List<URI> dependencies) {
        this(config, dependencies, false);
    }

    /**
     * @param config Flink's configuration with the guard's {@code sql-guard.*} policy
     * @param dependencies the user's jars (connectors, formats, catalogs, UDFs), in every session's
     *     class loader as {@code sql-client.sh --jar} puts them
     * @param standInConnectors plan a table whose connector has no factory in the session through a
     *     stand-in connector ({@link StandInConnectors}) instead of reporting it {@value
     *     MissingDependency#ID}
     * @throws IllegalArgumentException naming the key, for a bad {@code sql-guard.*} option
     */
    public LintEngine(Configuration config, List<URI> dependencies, boolean standInConnectors) {
        this.standInConnectors = standInConnectors;
        RuleCatalog catalog = RuleCatalog.builtIn();
        Policy policy = Policy.fromConfiguration(config, catalog);
        this.guard = new StatementGuard(new RuleEngine(catalog, policy), policy);
        // As sql-client.sh in embedded mode: one session at a time, the user's jars registered in it
        // as ADD JAR registers them (Flink's own SessionManager cannot take jars in 2.3.0).
        this.sessionManager = new SingleSessionManager(
                SqlClientLine.current().defaultContext(LintSessionConfiguration.of(config), dependencies));
        sessionManager.start();
        this.service = new SqlGatewayServiceImpl(sessionManager);
        // Every statement's rewrites are proven before the next statement, so each finding can carry its own.
        this.pipeline =
                StatementPipeline.forLint(
                        service, catalog, new Auditor(new AuditLog(), "lint", policy.auditMaxStatementLength()), policy,
                        versions);
        this.sessions = pipeline.gatewaySessions().orElseThrow();
        this.operations = new GuardOperations(service);
    }

    /** The guard's verdict on every statement of {@code script}, in order. */
    public List<LintedStatement> lint(String file, String script) {
        return lint(List.of(new Script(file, script)));
    }

    /**
     * The guard's verdict on every statement of {@code scripts}, run one after the other in one fresh
     * session (init scripts first, as {@code sql-client.sh -i}), in order.
     */
    public List<LintedStatement> lint(List<Script> scripts) {
        return lint(scripts, null);
    }

    /**
     * The guard's verdict on every statement of {@code scripts} as {@link #lint(List)} gives it, and the
     * jobs the last script's INSERTs and statement sets would run ({@link JobVersion}); with {@code
     * previous}, each of those jobs is judged as a restore of a savepoint of its previous version's
     * job ({@link JobVersion#restoreFrom}; the restore rules' findings, and its class in {@link StatementFacts#restore}).
     * A job is paired with the previous version's job that writes the same tables, else the most of
     * them, else, when each version runs one job, with that one.
     *
     * @param previous the jobs of the script's previous version, planned in a session of their own
     *     ({@link #versionOf} of the old text), and how findings name it; empty for the old version itself
     */
    public Version lintVersion(List<Script> scripts, Optional<Previous> previous) {
        Collecting collecting =
                new Collecting(new ArrayList<>(), new ArrayList<>(), previous, jobCount(scripts.get(scripts.size() - 1).text()));
        List<LintedStatement> statements = lint(scripts, collecting);
        if (collecting.jobs().size() < collecting.jobCount()) {
            // A job statement the guard did not plan (a planning time-out, an error before its plan)
            // built no job: said as a failure, so that its restores read "not judged", not nothing.
            String file = scripts.get(scripts.size() - 1).file();
            statements.stream()
                    .filter(s -> s.file().equals(file) && "UNANALYSED".equals(s.verdict()) && RUNS_A_JOB.contains(s.kind()))
                    .forEach(s -> collecting.failures().add("line " + s.line() + " was not planned: "
                            + s.findings().stream().map(f -> f.finding().reason()).findFirst().orElse("the guard gave it no verdict")));
        }
        return new Version(statements, collecting.jobs(), collecting.failures());
    }

    /**
     * A previous version of a script: its jobs, and how a restore finding names it.
     *
     * @param label e.g. {@code jobs/agg.sql at main (3f2a1c9)}: findings say "the savepoint of {@code
     *     label}'s job"
     * @param version the previous version, linted
     */
    public record Previous(String label, Version version) {}

    /**
     * One version of a script, linted.
     *
     * @param statements every statement's verdict, as {@link #lint(List)} gives them
     * @param jobs the jobs its INSERTs and statement sets run, in order
     * @param failures why the guard could not build a job of it (Flink's error), for each one it could not
     */
    public record Version(List<LintedStatement> statements, List<JobVersion> jobs, List<String> failures) {
        public Version {
            statements = List.copyOf(statements);
            jobs = List.copyOf(jobs);
            failures = List.copyOf(failures);
        }
    }

    /** The kinds of the statements that end in a job ({@link #jobCount}), as {@link LintedStatement#kind} names them. */
    private static final Set<String> RUNS_A_JOB =
            Set.of(StatementKind.INSERT.name(), StatementKind.STATEMENT_SET.name(), StatementKind.END_STATEMENT_SET.name());

    /** How many jobs a script's statements run: INSERTs outside a statement set, and statement sets. */
    private static int jobCount(String script) {
        StatementParser parser = new StatementParser();
        int jobs = 0;
        boolean inSet = false;
        for (ScriptSplitter.Statement statement : ScriptSplitter.split(script)) {
            switch (parser.parse(statement.text()).kind()) {
                case BEGIN_STATEMENT_SET -> inSet = true;
                case END_STATEMENT_SET -> {
                    jobs += inSet ? 1 : 0;
                    inSet = false;
                }
                case INSERT -> jobs += inSet ? 0 : 1;
                case STATEMENT_SET -> jobs++;
                default -> { }
            }
        }
        return jobs;
    }

    private List<LintedStatement> lint(List<Script> scripts, Collecting collecting) {
        SessionHandle session =
                pipeline.openSession(
                        SessionEnvironment.newBuilder()
                                .setSessionName("sql-guard lint " + scripts.get(scripts.size() - 1).file())
                                .setSessionEndpointVersion(SqlGatewayRestAPIVersion.getDefaultVersion())
                                .build(),
                        "lint",
                        Optional.empty());
        try {
            List<LintedStatement> out = new ArrayList<>();
            StandInConnectors standIns = standInConnectors ? new StandInConnectors() : null;
            for (int i = 0; i < scripts.size(); i++) {
                Script script = scripts.get(i);
                // The jobs of the script itself, not of its init scripts.
                versions.collecting = i == scripts.size() - 1 ? collecting : null;
                for (ScriptSplitter.Statement statement : ScriptSplitter.split(script.text())) {
                    out.add(lint(script.file(), session, statement, standIns));
                }
            }
            return out;
        } finally {
            versions.collecting = null;
            service.closeSession(session);
            pipeline.closed(session);
        }
    }

    /**
     * A script to lint.
     *
     * @param file its name as reported
     * @param text its text
     */
    public record Script(String file, String text) {}

    private LintedStatement lint(
            String file, SessionHandle session, ScriptSplitter.Statement statement, StandInConnectors standIns) {
        Finding[] failure = new Finding[1];
        boolean[] applied = new boolean[1];
        HandOff dryRun =
                (s, parsed, text, timeoutMs, config) -> {
                    if (!APPLIED.contains(parsed.kind())) {
                        return operations.ok(s);
                    }
                    OperationHandle handle = service.executeStatement(s, text, timeoutMs, config);
                    failure[0] = failureOf(s, handle);
                    applied[0] = failure[0] == null;
                    return handle;
                };
        Submission submission = pipeline.execute(session, statement.text(), 0L, new Configuration(), dryRun);
        // An EXPLAIN's answer is an operation that reads the dry run's result: let it end first.
        sessions.awaitTermination(session, submission.handle(), APPLY_TIMEOUT);
        service.closeOperation(session, submission.handle());
        String note = standIns == null ? "" : standInNote(session, statement.text(), submission, applied[0], standIns);
        return linted(file, statement, submission, failure[0], applied[0], note);
    }

    /**
     * Swaps a table that an applied {@code CREATE TABLE} made for a stand-in when its connector is
     * missing; the note for the statement when it registered or was planned through a stand-in.
     */
    private String standInNote(
            SessionHandle session, String text, Submission submission, boolean applied, StandInConnectors standIns) {
        if (applied && submission.statement().kind() == StatementKind.DDL) {
            Optional<StandInConnectors.StandIn> registered =
                    standIns.afterApplied(
                            sessions.tableEnvironment(session, new Configuration()), sessions.userClassLoader(session),
                            text);
            if (registered.isPresent()) {
                return StandInConnectors.note(
                        Map.of(registered.get(), EnumSet.allOf(StandInConnectors.Role.class)), true);
            }
        }
        if (!PLANS_TABLES.contains(submission.statement().kind())) {
            return "";
        }
        Map<StandInConnectors.StandIn, Set<StandInConnectors.Role>> used =
                standIns.usedBy(text, submission.decision().plan());
        return used.isEmpty() ? "" : StandInConnectors.note(used, false);
    }

    /**
     * Waits for a session-changing statement; when Flink refused it, the rules' finding on Flink's
     * error (a diagnosis, or {@code planner-error}), else {@code null}.
     */
    private Finding failureOf(SessionHandle session, OperationHandle handle) {
        sessions.awaitTermination(session, handle, APPLY_TIMEOUT);
        OperationInfo info = service.getOperationInfo(session, handle);
        if (info.getStatus() == OperationStatus.FINISHED) {
            return null;
        }
        Throwable error =
                info.getException().orElseGet(() -> new IllegalStateException("ended as " + info.getStatus()));
        return guard.diagnosis(error).verdict().findings().stream()
                .max(Comparator.comparing(Finding::level))
                .orElse(null);
    }

    private static LintedStatement linted(
            String file, ScriptSplitter.Statement statement, Submission submission, Finding failure, boolean applied,
            String standIn) {
        Decision decision = submission.decision();
        ParsedStatement parsed = submission.statement();
        List<LintFinding> findings = new ArrayList<>();
        Map<LintFinding, Rewrite> rewrites = new HashMap<>();
        for (Level level : new Level[] {Level.BLOCK, Level.WARN, Level.INFO}) {
            for (Finding finding : decision.verdict().findings(level)) {
                LintFinding located = Locations.locate(statement, parsed, finding);
                findings.add(located);
                // Located, a finding's node may name the file's line: the rewrite is paired with it here.
                decision.rewrites().first(finding).ifPresent(rewrite -> rewrites.put(located, rewrite));
            }
        }
        String verdict = decision.verdictLabel();
        if (failure != null && failure.level() != Level.OFF) {
            findings.add(0, Locations.locate(statement, parsed, failure));
            if (failure.level().compareTo(decision.verdict().level()) > 0) {
                verdict = failure.level().name();
            }
        }
        return new LintedStatement(
                file, statement.line(), statement.column(), statement.textLine(), statement.textColumn(), statement.text(),
                parsed.kind().name(), verdict,
                findings, applied, standIn, decision.plan(), StatementFacts.of(decision, failure), rewrites);
    }

    /**
     * The jobs of the script being linted, with the previous version's jobs they are judged against.
     *
     * @param jobs where the script's jobs go
     * @param failures where the guard's failures to build one of them go
     * @param previous the previous version, if the script has one
     * @param jobCount how many jobs the script runs (a job and the previous version's pair when each runs one)
     */
    private record Collecting(List<JobVersion> jobs, List<String> failures, Optional<Previous> previous, int jobCount) {}

    /**
     * lint's {@link RestoreBaseline}: while a script is linted with {@link #lintVersion}, each job of
     * it is planned ({@link JobVersion#ofJudgedPlan}) and, when the script has a previous version,
     * judged as a restore of its previous job. One script at a time (the engine lints one). A rewrite of
     * a job ({@link #ofRewrites}) is judged against the previous job its statement's job was paired with,
     * and is not one of the script's jobs.
     */
    private static final class Versions implements RestoreBaseline {

        private Collecting collecting;

        @Override
        public Optional<Restore> restoreOf(
                Map<String, String> config, String compiledPlan, Supplier<TableEnvironmentInternal> tEnv) {
            return restoreOf(config, compiledPlan, tEnv, true);
        }

        @Override
        public RestoreBaseline ofRewrites() {
            return (config, compiledPlan, tEnv) -> restoreOf(config, compiledPlan, tEnv, false);
        }

        /**
         * {@link #restoreOf}; where {@code kept} is false, of a rewrite of the statement judged last: its job is
         * paired as that statement's was (the script's job at the same place) and not kept among the script's.
         */
        private Optional<Restore> restoreOf(
                Map<String, String> config, String compiledPlan, Supplier<TableEnvironmentInternal> tEnv, boolean kept) {
            if (collecting == null || !kept && collecting.previous().isEmpty()) {
                return Optional.empty();
            }
            Optional<Previous> previous = collecting.previous();
            String against = previous.map(p -> "of the job of " + p.label()).orElse("");
            JobVersion job;
            try {
                job = JobVersion.ofJudgedPlan(tEnv.get(), compiledPlan);
            } catch (RuntimeException e) {
                // Said, not ignored: the previous version's failures make its restores unjudged, this one's
                // make this statement's restore unjudged.
                String why = PlannerError.of(e).root();
                if (kept) {
                    collecting.failures().add(why);
                }
                return previous.map(p -> unjudged(against, "the guard could not build the job this statement would run: "
                        + why, config));
            }
            int index = kept ? collecting.jobs().size() : Math.max(0, collecting.jobs().size() - 1);
            if (kept) {
                collecting.jobs().add(job);
            }
            if (previous.isEmpty()) {
                return Optional.empty();
            }
            List<String> failed = previous.get().version().failures();
            Optional<JobVersion> old = pair(job, index, previous.get().version().jobs(), collecting.jobCount());
            if (old.isEmpty() && !failed.isEmpty()) {
                return Optional.of(unjudged(against, "the guard could not build a job of the previous version: "
                        + failed.get(0), config));
            }
            if (old.isEmpty()) {
                return Optional.empty();
            }
            return Optional.of(job.restoreFrom(old.get(), against, config).restore());
        }

        private static Restore unjudged(String against, String why, Map<String, String> config) {
            return Restore.unreadable(against, why, StatementRestores.ignoresUnclaimedState(config), Optional.empty());
        }

        /**
         * The previous job {@code job} (the {@code index}th of its script's {@code jobCount}) continues:
         * the one that writes the same tables, else the most of them, else, when each version runs one
         * job, that one.
         */
        private static Optional<JobVersion> pair(JobVersion job, int index, List<JobVersion> previous, int jobCount) {
            Optional<JobVersion> same = previous.stream().filter(old -> old.sinks().equals(job.sinks())).findFirst();
            if (same.isPresent()) {
                return same;
            }
            Optional<JobVersion> overlapping = previous.stream()
                    .filter(old -> overlap(old, job) > 0)
                    .max(Comparator.comparingInt(old -> overlap(old, job)));
            if (overlapping.isPresent()) {
                return overlapping;
            }
            return previous.size() == 1 && jobCount == 1 && index == 0 ? Optional.of(previous.get(0)) : Optional.empty();
        }

        private static int overlap(JobVersion a, JobVersion b) {
            return (int) a.sinks().stream().filter(b.sinks()::contains).count();
        }
    }

    @Override
    public void close() {
        try {
            pipeline.close();
        } finally {
            sessionManager.stop();
        }
    }
}
