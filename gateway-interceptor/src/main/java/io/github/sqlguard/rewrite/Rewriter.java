package io.github.sqlguard.rewrite;

import io.github.sqlguard.rewrite.Prover.NotPlanned;
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
 * plans as the statement itself and is rejected unplanned ({@link RewriteContext#plansAsTheStatement}), as is
 * one that leaves a BLOCK finding on an operator it cannot change ({@link Reach}: a {@code STATE_TTL} hint
 * beside a blocking Top-N), whose proof with the session TTL ({@link Prover#prove}) then comes at once; two
 * candidates that change the same table alike under two scratch names are planned once.
 * The proofs of one statement plan within a budget ({@link RewriteContext#budgetSpent}: {@code
 * sql-guard.rewrite.max-plannings} plannings, one {@code sql-guard.explain-timeout} of planning): once
 * it is spent, proving stops: the candidate that would need a planning and the rest of its family's
 * are skipped (not planned, not shown, counted), no rewrite is written for the later findings, and
 * the result says how many were skipped and why. Everything
 * stops at {@code sql-guard.rewrite.timeout}: what is not proven by then is not shown, and the result
 * says so.
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
        List<List<Rewrite>> answers = new ArrayList<>();
        findings.forEach(f -> answers.add(new ArrayList<>()));
        List<Held> held = new ArrayList<>();
        Optional<String> note = Optional.empty();
        Optional<String> budget = Optional.empty();
        int skipped = 0;
        int unwritten = 0;
        outer:
        for (int f = 0; f < findings.size(); f++) {
            Finding finding = findings.get(f);
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
                    tally(tallies, finding.ruleId())[REJECTED]++;
                    continue;
                }
                for (int c = 0; c < candidates.size(); c++) {
                    Candidate candidate = candidates.get(c);
                    if (System.nanoTime() > deadline) {
                        note = Optional.of(timedOut(settings));
                        break outer;
                    }
                    if (request.inStatementSet() && !candidate.before().isEmpty()) {
                        // Flink takes only INSERTs between BEGIN STATEMENT SET and END: the SET could not run there.
                        tally(tallies, finding.ruleId())[REJECTED]++;
                        continue;
                    }
                    int[] tally = tally(tallies, finding.ruleId());
                    Proof proof = proveOnce(candidate, proven, tally, context);
                    if (proof instanceof NotPlanned notPlanned) {
                        // No further candidate may plan: this family's others are skipped, and the later findings'
                        // candidates are not written (writing them reads the statement again, for nothing shown).
                        tally[SKIPPED] += candidates.size() - c;
                        skipped += candidates.size() - c;
                        unwritten = findings.size() - f - 1;
                        budget = Optional.of(notPlanned.reason());
                        break outer;
                    }
                    tally[proof instanceof Proven ? VERIFIED : REJECTED]++;
                    if (proof instanceof Proven ok) {
                        answers.get(f).add(forFinding(ok.rewrite(), candidate, finding));
                        held.add(new Held(f, candidate));
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
        if (budget.isEmpty() && note.isEmpty()) {
            note = structuralForBlocks(findings, held, answers, proven, tallies, context, deadline, settings);
        }
        List<Rewrite> verified = new ArrayList<>();
        for (List<Rewrite> answer : answers) {
            // Per finding, its own rewrites in the order of the families (RewriteFamilies: the structural first), then
            // the structural ones proven for another finding of its plan node, before its state TTL and configuration.
            answer.sort(java.util.Comparator.comparingInt(r -> RewriteFamilies.structural(r.family()) ? 0 : 1));
            verified.addAll(answer);
        }
        List<Rewrites.Tally> out = new ArrayList<>();
        tallies.forEach((rule, n) -> out.add(
                new Rewrites.Tally(rule, n[VERIFIED] + n[REJECTED] + n[SKIPPED], n[VERIFIED], n[REJECTED], n[SKIPPED], n[PLANNED])));
        if (budget.isPresent()) {
            String spent = "proofs stopped: " + budget.get() + "; " + skipped + (skipped == 1 ? " candidate" : " candidates")
                    + " not planned, not shown" + (unwritten == 0 ? "" : "; no rewrite written for the " + unwritten
                    + (unwritten == 1 ? " finding" : " findings") + " after them");
            note = Optional.of(note.map(n -> spent + "; " + n).orElse(spent));
        }
        return new Rewrites(verified, out, note);
    }

    /** A candidate proven for the finding at {@code finding} of the rewriter's list. */
    private record Held(int finding, Candidate candidate) {}

    /**
     * Offers a BLOCK finding the structural rewrites proven for another finding of the same plan
     * node: a {@code window-partition} proven for the WARN {@code window-rank-not-recognized} on a
     * {@code Rank} also answers the BLOCK {@code unbounded-rank} on that {@code Rank}, and comes
     * before its state TTL, which only forgets what the statement keeps (issue 30, "the first rewrite
     * shown is the structural one where it plans"). Each is proven again for the BLOCK finding's rule
     * ({@link Prover#prove}: that rule no longer reports it), on the judgement made already (no
     * planning). A family that only sets a state TTL or writes configuration ({@link
     * RewriteFamilies#structural}) lends nothing. Empty, or why it stopped (the timeout).
     */
    private Optional<String> structuralForBlocks(
            List<Finding> findings, List<Held> held, List<List<Rewrite>> answers, Map<String, Proof> proven,
            Map<String, int[]> tallies, RewriteContext context, long deadline, RewriteSettings settings) {
        for (int b = 0; b < findings.size(); b++) {
            Finding block = findings.get(b);
            if (block.level() != Level.BLOCK || block.planNode().isEmpty()) {
                continue;
            }
            for (Held other : held) {
                Finding lender = findings.get(other.finding());
                Candidate candidate = other.candidate();
                if (other.finding() == b || !lender.planNode().equals(block.planNode())
                        || !RewriteFamilies.structural(candidate.family())
                        || answers.get(b).stream().anyMatch(r -> r.family().equals(candidate.family())
                                && r.sql().equals(candidate.sql()))) {
                    continue;
                }
                if (System.nanoTime() > deadline) {
                    return Optional.of(timedOut(settings));
                }
                Candidate forBlock = candidate.forFinding(block);
                int[] tally = tally(tallies, block.ruleId());
                Proof proof = proveOnce(forBlock, proven, tally, context);
                if (proof instanceof NotPlanned) {
                    // Not the case for a judgement made already; nothing else is planned here.
                    tally[SKIPPED]++;
                    continue;
                }
                tally[proof instanceof Proven ? VERIFIED : REJECTED]++;
                if (proof instanceof Proven ok) {
                    answers.get(b).add(forFinding(ok.rewrite(), forBlock, block));
                } else {
                    LOG.debug("sql-guard rewrite '{}' of {} not proven for {}: {}", candidate.family(), lender.ruleId(),
                            block.ruleId(), ((Rejected) proof).reason());
                }
            }
        }
        return Optional.empty();
    }

    /** A proof (perhaps shared by two findings) as the answer to {@code finding}: its rule, node text and plan node. */
    private static Rewrite forFinding(Rewrite rewrite, Candidate candidate, Finding finding) {
        return rewrite.forFinding(finding, candidate.family());
    }

    /**
     * The proof of {@code candidate} for its finding's rule, made once per rule and SQL (the same
     * candidate written for another finding of that rule reuses it); the plannings it made are added
     * to {@code tally}.
     */
    private static Proof proveOnce(Candidate candidate, Map<String, Proof> proven, int[] tally, RewriteContext context) {
        String key = candidate.ruleId() + "\n" + candidate.sql() + "\n" + candidate.planned() + "\n" + candidate.config();
        Proof proof = proven.get(key);
        if (proof == null) {
            int before = context.plannings();
            proof = Prover.prove(candidate, context);
            tally[PLANNED] += context.plannings() - before;
            proven.put(key, proof);
        }
        return proof;
    }

    /** Indexes of a rule's counts: candidates proven, rejected, skipped for the budget; plannings made. */
    private static final int VERIFIED = 0;
    private static final int REJECTED = 1;
    private static final int SKIPPED = 2;
    private static final int PLANNED = 3;

    private static int[] tally(Map<String, int[]> tallies, String rule) {
        return tallies.computeIfAbsent(rule, r -> new int[4]);
    }

    private static String timedOut(RewriteSettings settings) {
        return "rewriting stopped after " + SqlTrees.duration(settings.timeout()) + " (" + RewriteOptions.TIMEOUT.key()
                + "); what was not proven by then is not shown";
    }
}
