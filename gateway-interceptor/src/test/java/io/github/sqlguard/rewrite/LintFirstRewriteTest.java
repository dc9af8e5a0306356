package io.github.sqlguard.rewrite;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.sqlguard.rules.Finding;
import io.github.sqlguard.rules.Level;
import io.github.sqlguard.service.Submission;
import io.github.sqlguard.testing.CaseCorpus;
import io.github.sqlguard.testing.LintLikeSession;
import io.github.sqlguard.testing.ProvenCorpus;
import io.github.sqlguard.testing.SqlScript;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * lint proves of a statement's rewrites what it shows, each finding's first rewrite ({@link
 * Rewriter.Shown#FIRST_PER_FINDING}, issue 32): over the whole corpus (shared and own cases), every WARN and
 * BLOCK finding of every statement gets the first rewrite it gets when every rewrite is proven ({@link
 * Rewriter.Shown#EVERY}), and no statement plans more; a finding alone in its statement stops at its first
 * proven rewrite (one planning where every family's rewrite took two). Plannings are counted ({@link
 * Rewrites.Tally#planned}), not timed. The corpus's every-rewrite runs are this JVM's ({@link ProvenCorpus}); lint's
 * runs of the corpus go on beside them, on a thread of their own.
 *
 * <p>Its time in a report is usually not its own: whichever of the three classes that read {@link ProvenCorpus} runs
 * first in the JVM ({@code CorpusRewritesOnStockFlinkTest}, this one, {@code StructuralFixFirstTest}) makes the
 * proving run of the whole corpus for all three, and surefire's default run order is the order the file system lists
 * the classes in, which puts this class first in {@code .ci/run} (the slowest class of the fast tier there, 100.9 s
 * in round 67's run: the proving run and lint's run beside it). Under {@code -Dsurefire.runOrder=alphabetical}
 * {@code CorpusRewritesOnStockFlinkTest} runs first and carries it (CONTRIBUTING.md, "How long").
 * {@code -Dsql-guard.cases.only=REGEX} narrows the cases as for {@code
 * CaseCorpusTest}.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class LintFirstRewriteTest {

    private static final Map<String, String> STREAMING = Map.of("execution.runtime-mode", "streaming");

    private LintLikeSession every;
    private LintLikeSession lint;

    @BeforeAll
    void start() {
        every = new LintLikeSession(STREAMING);
        lint = LintLikeSession.asLint(STREAMING);
    }

    @AfterAll
    void stop() {
        every.close();
        lint.close();
    }

    @Test
    void aFindingAloneInItsStatementPlansOnlyTheRewriteLintShows() {
        List<String> script = List.of(
                "CREATE TABLE orders (customer_id BIGINT, amount DOUBLE) WITH ('connector' = 'datagen')",
                "SELECT customer_id, SUM(amount) AS total FROM orders GROUP BY customer_id");

        Submission proven = every.run(Map.of(), script, Map.of()).get(1);
        Submission linted = lint.run(Map.of(), script, Map.of()).get(1);

        Finding finding = linted.decision().verdict().findings(Level.WARN).get(0);
        assertThat(finding.ruleId()).isEqualTo("stateful-without-ttl");
        assertThat(shown(linted, 0)).isEqualTo(shown(proven, 0)).startsWith("state-ttl-hint ");
        // Every rewrite: the STATE_TTL hint, then the session TTL; lint shows the hint and plans it alone.
        assertThat(planned(proven)).isEqualTo(2);
        assertThat(planned(linted)).isEqualTo(1);
    }

    @Test
    void everyFindingOfTheCorpusGetsTheFirstRewriteEveryRewriteGives() throws Exception {
        String only = System.getProperty("sql-guard.cases.only");
        List<Path> files = CaseCorpus.all().stream()
                .filter(file -> only == null || file.getFileName().toString().matches(only))
                .toList();
        // lint's runs on a thread of their own, in corpus order, while this thread makes the every-rewrite runs (or
        // reads them, when a class before made them): two sessions, each planning on planner threads of its own.
        ExecutorService linting = Executors.newSingleThreadExecutor();
        List<Future<List<Submission>>> lintRuns = new ArrayList<>();
        for (Path file : files) {
            SqlScript script = SqlScript.read(file);
            lintRuns.add(linting.submit(
                    () -> lint.run(script.sessionProperties(), script.statements(), script.executionConfig())));
        }
        linting.shutdown();
        List<String> wrong = new ArrayList<>();
        int findings = 0;
        int plannedEvery = 0;
        int plannedLint = 0;
        try {
            for (int c = 0; c < files.size(); c++) {
                ProvenCorpus.Run run = ProvenCorpus.of(files.get(c));
                SqlScript script = run.script();
                List<Submission> proven = run.submissions();
                List<Submission> linted = lintRuns.get(c).get();
                for (int s = 0; s < proven.size(); s++) {
                    int count = warnAndBlock(proven.get(s)).size();
                    if (count != warnAndBlock(linted.get(s)).size()) {
                        wrong.add(script.name() + " statement " + s + ": other findings");
                        continue;
                    }
                    for (int f = 0; f < count; f++) {
                        findings++;
                        String want = shown(proven.get(s), f);
                        String got = shown(linted.get(s), f);
                        if (!want.equals(got)) {
                            wrong.add(script.name() + " statement " + s + " finding " + f + ": lint shows [" + got
                                    + "], every rewrite proven shows [" + want + "]");
                        }
                    }
                    plannedEvery += planned(proven.get(s));
                    plannedLint += planned(linted.get(s));
                    if (planned(linted.get(s)) > planned(proven.get(s))) {
                        wrong.add(script.name() + " statement " + s + ": lint planned " + planned(linted.get(s))
                                + ", every rewrite " + planned(proven.get(s)));
                    }
                }
            }
        } finally {
            // A failed comparison leaves no lint run planning behind it.
            linting.shutdownNow();
        }
        assertThat(findings).as("WARN and BLOCK findings compared").isPositive();
        assertThat(wrong).isEmpty();
        assertThat(plannedLint).as("plannings of the proofs in all, lint's against every rewrite's (%s)", plannedEvery)
                .isLessThanOrEqualTo(plannedEvery);
    }

    private static List<Finding> warnAndBlock(Submission submission) {
        List<Finding> findings = new ArrayList<>(submission.decision().verdict().findings(Level.BLOCK));
        findings.addAll(submission.decision().verdict().findings(Level.WARN));
        return findings;
    }

    /** The first rewrite shown under the statement's {@code index}th WARN or BLOCK finding, as lint shows it, or "". */
    private static String shown(Submission submission, int index) {
        Optional<Rewrite> first = submission.decision().rewrites().first(warnAndBlock(submission).get(index));
        return first.map(r -> r.family() + " " + r.sql() + " | " + r.columns() + " | " + r.chosen()).orElse("");
    }

    private static int planned(Submission submission) {
        return submission.decision().rewrites().tallies().stream().mapToInt(Rewrites.Tally::planned).sum();
    }
}
