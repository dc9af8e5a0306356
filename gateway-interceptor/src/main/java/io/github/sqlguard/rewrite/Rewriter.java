package io.github.sqlguard.rewrite;

import io.github.sqlguard.rewrite.Prover.Proof;
import io.github.sqlguard.rewrite.Prover.Proven;
import io.github.sqlguard.rewrite.Prover.Rejected;
import io.github.sqlguard.rules.Finding;
import io.github.sqlguard.rules.Level;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Writes and proves the rewrites of one statement: for each WARN or BLOCK finding (BLOCK first),
 * each family that answers its rule ({@link RewriteFamilies}) writes its candidates in order of
 * preference, and the {@link Prover} proves them one by one until one holds; so a finding gets at
 * most one rewrite per family, the first family's preferred. A candidate written for two findings
 * (the same SQL) is proven once, and planned once even for findings of two rules ({@link
 * RewriteContext#judge}); a candidate whose {@code SET}s the call's own execution config overrides
 * plans as the statement itself and is rejected unplanned ({@link RewriteContext#plansAsTheStatement}).
 * Everything stops at {@code sql-guard.rewrite.timeout}: what is not
 * proven by then is not shown, and the result says so.
 *
 * <p>A family that throws is logged and counted as a rejected candidate; the other families still
 * write theirs. Stateless and thread-safe.
 */
public final class Rewriter {

    private static final Logger LOG = LoggerFactory.getLogger(Rewriter.class);

    private final List<RewriteFamily> families;

    Rewriter(List<RewriteFamily> families) {
        this.families = List.copyOf(families);
    }

    /** The rewriter of every built-in family. */
    public static Rewriter builtIn() {
        return new Rewriter(RewriteFamilies.builtIn());
    }

    /** True when some finding of {@code request} is one a rewrite may answer: WARN or BLOCK, of a rule some family answers. */
    public boolean wanted(List<Finding> findings) {
        return findings.stream().anyMatch(f -> f.level().compareTo(Level.WARN) >= 0
                && families.stream().anyMatch(family -> family.rules().contains(f.ruleId())));
    }

    /** The proven rewrites of {@code request}'s WARN and BLOCK findings, within {@code settings}' timeout. */
    public Rewrites rewrite(RewriteRequest request, RewriteSession session, RewriteSettings settings) {
        if (!settings.enabled()) {
            return Rewrites.NONE;
        }
        long deadline = System.nanoTime() + settings.timeout().toNanos();
        RewriteContext context = new RewriteContext(request, session, settings);
        List<Finding> findings = new ArrayList<>(request.verdict().findings(Level.BLOCK));
        findings.addAll(request.verdict().findings(Level.WARN));
        Map<String, int[]> tallies = new LinkedHashMap<>();
        Map<String, Proof> proven = new HashMap<>();
        List<Rewrite> verified = new ArrayList<>();
        Optional<String> note = Optional.empty();
        outer:
        for (Finding finding : findings) {
            for (RewriteFamily family : families) {
                if (!family.rules().contains(finding.ruleId())) {
                    continue;
                }
                if (System.nanoTime() > deadline) {
                    note = Optional.of(timedOut(settings));
                    break outer;
                }
                List<Candidate> candidates;
                try {
                    candidates = family.candidates(finding, context);
                } catch (RuntimeException | StackOverflowError e) {
                    LOG.warn("sql-guard rewrite family '{}' failed on a statement; the other families still write theirs.",
                            family.id(), e);
                    count(tallies, finding.ruleId(), false);
                    continue;
                }
                for (Candidate candidate : candidates) {
                    if (System.nanoTime() > deadline) {
                        note = Optional.of(timedOut(settings));
                        break outer;
                    }
                    if (request.inStatementSet() && !candidate.before().isEmpty()) {
                        // Flink takes only INSERTs between BEGIN STATEMENT SET and END: the SET could not run there.
                        count(tallies, finding.ruleId(), false);
                        continue;
                    }
                    String key = finding.ruleId() + "\n" + candidate.sql() + "\n" + candidate.planned() + "\n"
                            + candidate.config();
                    Proof proof = proven.get(key);
                    if (proof == null) {
                        proof = Prover.prove(candidate, context);
                        proven.put(key, proof);
                    }
                    count(tallies, finding.ruleId(), proof instanceof Proven);
                    if (proof instanceof Proven ok) {
                        verified.add(forFinding(ok.rewrite(), candidate, finding));
                        if (!family.offersEveryCandidate()) {
                            break;
                        }
                        continue;
                    }
                    LOG.debug("sql-guard rewrite '{}' for {} not proven: {}\n{}", family.id(), finding.ruleId(),
                            ((Rejected) proof).reason(), candidate.planned());
                }
            }
        }
        List<Rewrites.Tally> out = new ArrayList<>();
        tallies.forEach((rule, n) -> out.add(new Rewrites.Tally(rule, n[0] + n[1], n[0], n[1])));
        return new Rewrites(verified, out, note);
    }

    /** A proof (perhaps shared by two findings) as the answer to {@code finding}: its rule, node text and plan node. */
    private static Rewrite forFinding(Rewrite rewrite, Candidate candidate, Finding finding) {
        return rewrite.forFinding(finding, candidate.family());
    }

    private static void count(Map<String, int[]> tallies, String rule, boolean verified) {
        tallies.computeIfAbsent(rule, r -> new int[2])[verified ? 0 : 1]++;
    }

    private static String timedOut(RewriteSettings settings) {
        return "rewriting stopped after " + SqlTrees.duration(settings.timeout()) + " (" + RewriteOptions.TIMEOUT.key()
                + "); what was not proven by then is not shown";
    }
}
