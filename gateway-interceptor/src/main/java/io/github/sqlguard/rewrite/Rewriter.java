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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Writes and proves the rewrites of one statement: for each WARN or BLOCK finding (BLOCK first),
 * each family that answers its rule ({@link RewriteFamilies}) writes its candidates in order of
 * preference, and the {@link Prover} proves them one by one until one holds; so a finding gets at
 * most one rewrite per family, the first family's preferred. A candidate written for two findings
 * (the same SQL) is proven for each ({@link Proofs}), and planned once even for findings of two rules ({@link
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
 * <p>A refusal ({@link Shown#BEST_PER_BLOCK}) proves less: each BLOCK finding's candidates in the
 * order its first shown rewrite would come, until one proves, and nothing for a warning; its answer
 * says that {@code EXPLAIN} of the statement shows every rewrite ({@link #EVERY_IN_EXPLAIN}).
 *
 * <p>A statement that restores state (the savepoint its session names; in {@code lint}, its previous
 * version) has its candidates judged as that restore too, by the same check ({@code Decider#restoring}):
 * a proven rewrite that would not keep the state ({@link Rewrite#restores()}: a window Top-N in place of
 * the {@code Rank} whose state the savepoint holds) comes after those that do, under each finding; a
 * refusal shows it only where none that restores proves, and lint stops at a finding's first proven
 * rewrite only where it restores.
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

    /**
     * True when some finding of {@code request} is one a rewrite may answer ({@link #answers}). Asked of every
     * statement's decision (most have no finding): loops, not streams, as {@code Verdict#level}.
     */
    public boolean wanted(List<Finding> findings) {
        for (Finding finding : findings) {
            for (RewriteFamily family : families) {
                if (answers(family, finding)) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * True when {@code family} answers {@code finding}: a WARN or BLOCK finding of one of its rules, or an advisory
     * (INFO) one where the family answers advisories ({@link RewriteFamily#answersAdvisories}).
     */
    private static boolean answers(RewriteFamily family, Finding finding) {
        return family.rules().contains(finding.ruleId())
                && (finding.level().compareTo(Level.WARN) >= 0
                        || (finding.level() == Level.INFO && family.answersAdvisories()));
    }

    /**
     * The proven rewrites of {@code request}'s WARN and BLOCK findings, and of the advisories a family answers ({@link
     * RewriteFamily#answersAdvisories}), within {@code settings}' timeout.
     */
    public Rewrites rewrite(RewriteRequest request, RewriteSession session, RewriteSettings settings) {
        return rewrite(request, session, settings, Shown.EVERY);
    }

    /** What the rewrites proven for a statement are shown in, and so which of them are proven. */
    public enum Shown {
        /** {@code EXPLAIN}, an advisory: every family's proven rewrite of every WARN and BLOCK finding. */
        EVERY,
        /**
         * A refusal: for each BLOCK finding its best rewrite, the first candidate that proves in the order of
         * the families (the structural first, then a structural rewrite lent by another finding of the same
         * plan node, then a state TTL or configuration: the first rewrite {@link #EVERY} shows under it); the
         * candidates after it and the warnings' are not proven, and the answer says that {@code EXPLAIN}
         * shows them. A family that offers every candidate (the {@code ON CONFLICT} choices) offers them all.
         * Where the statement restores state, a proven candidate that does not keep it ({@link Rewrite#restores()})
         * does not stop the search: it is shown only where no later one that does proves.
         */
        BEST_PER_BLOCK,
        /**
         * lint: what it shows of a finding, its first rewrite ({@link Rewrites#first}), proven as {@link #EVERY}
         * proves it, without the families after it where none of them could be the first rewrite of a finding:
         * a finding that shares neither its rule nor its plan node with another WARN or BLOCK finding of the
         * statement stops at its first proven rewrite. Its later families' rewrites could answer no other finding
         * ({@link Rewrite#answers}: the same rule), lend nothing to a BLOCK finding and borrow nothing from another
         * finding (the same plan node), and come after its first one ({@link RewriteFamilies}: the structural
         * families first); the other findings are proven as {@link #EVERY} proves them.
         */
        FIRST_PER_FINDING
    }

    /** The proven rewrites of {@code request}'s findings that {@code shown} shows, within {@code settings}' timeout. */
    public Rewrites rewrite(RewriteRequest request, RewriteSession session, RewriteSettings settings, Shown shown) {
        if (!settings.enabled()) {
            return Rewrites.NONE;
        }
        if (shown == Shown.BEST_PER_BLOCK) {
            return bestPerBlock(request, session, settings);
        }
        long deadline = System.nanoTime() + settings.timeout().toNanos();
        RewriteContext context = new RewriteContext(request, session, settings);
        List<Finding> findings = new ArrayList<>(request.verdict().findings(Level.BLOCK));
        findings.addAll(request.verdict().findings(Level.WARN));
        for (Finding advisory : request.verdict().findings(Level.INFO)) {
            if (families.stream().anyMatch(family -> answers(family, advisory))) {
                findings.add(advisory);
            }
        }
        Map<String, int[]> tallies = new LinkedHashMap<>();
        Proofs proven = new Proofs();
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
                if (!answers(family, finding)) {
                    continue;
                }
                if (System.nanoTime() > deadline) {
                    note = Optional.of(timedOut(settings));
                    break outer;
                }
                Optional<List<Candidate>> written = candidates(family, finding, context, tallies);
                if (written.isEmpty()) {
                    continue;
                }
                List<Candidate> candidates = written.get();
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
                        // A first rewrite that does not keep the state the statement restores is not the one lint shows
                        // while a later family's may: the families after it are proven too.
                        if (shown == Shown.FIRST_PER_FINDING && alone(finding, findings) && ok.rewrite().restores()) {
                            continue outer;
                        }
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
            // Per finding, the rewrites that keep the state the statement restores first (Rewrite#restores), then its
            // own rewrites in the order of the families (RewriteFamilies: the structural first), then the structural
            // ones proven for another finding of its plan node, before its state TTL and configuration; among these,
            // one whose plan its rule still reports for another operator (a hint on a GROUP BY over an unbounded OVER
            // aggregate, which no hint reaches) after one that leaves none (the SET that bounds both).
            answer.sort(java.util.Comparator.<Rewrite>comparingInt(r -> r.restores() ? 0 : 1)
                    .thenComparingInt(r -> RewriteFamilies.structural(r.family()) ? 0 : 1)
                    .thenComparingInt(r -> r.remaining().stream().anyMatch(s -> s.ruleId().equals(r.ruleId()))
                            ? 1 : 0));
            verified.addAll(answer);
        }
        if (budget.isPresent()) {
            String spent = budgetSpent(budget.get(), skipped, unwritten, "finding");
            note = Optional.of(note.map(n -> spent + "; " + n).orElse(spent));
        }
        return new Rewrites(verified, counts(tallies), note);
    }

    /**
     * The refusal's rewrites ({@link Shown#BEST_PER_BLOCK}): for each BLOCK finding, its own structural
     * families in order, then the structural families of another WARN or BLOCK finding of the same plan
     * node (a candidate proven for that finding, then for the BLOCK's rule on the same judgement, as
     * {@link #structuralForBlocks} lends it), then its own state TTL and configuration families, each
     * family's candidates in order, until one proves. The counts are of the candidates tried, as for
     * {@link Shown#EVERY} (a family's candidates after its first proven one are not counted there either).
     */
    private Rewrites bestPerBlock(RewriteRequest request, RewriteSession session, RewriteSettings settings) {
        long deadline = System.nanoTime() + settings.timeout().toNanos();
        RewriteContext context = new RewriteContext(request, session, settings);
        List<Finding> blocks = request.verdict().findings(Level.BLOCK);
        List<Finding> lenders = new ArrayList<>(blocks);
        lenders.addAll(request.verdict().findings(Level.WARN));
        Map<String, int[]> tallies = new LinkedHashMap<>();
        Proofs proven = new Proofs();
        List<List<Rewrite>> perBlock = new ArrayList<>();
        blocks.forEach(b -> perBlock.add(new ArrayList<>()));
        // Per BLOCK finding, its first proven rewrite that does not keep the state the statement restores: shown only
        // where none that keeps it proves (Rewrite#restores).
        Rewrite[] unrestoring = new Rewrite[blocks.size()];
        // True once a proof was left out that EXPLAIN makes: a candidate or family after a BLOCK's best, a warning's.
        boolean leftOut = request.verdict().findings(Level.WARN).stream()
                .anyMatch(w -> families.stream().anyMatch(family -> family.rules().contains(w.ruleId())));
        Optional<String> timedOut = Optional.empty();
        Optional<String> budget = Optional.empty();
        int skipped = 0;
        int unwritten = 0;
        outer:
        for (int b = 0; b < blocks.size(); b++) {
            Finding block = blocks.get(b);
            List<Attempt> attempts = new ArrayList<>();
            for (RewriteFamily family : families) {
                if (family.rules().contains(block.ruleId()) && RewriteFamilies.structural(family.id())) {
                    attempts.add(new Attempt(family, block));
                }
            }
            for (Finding lender : lenders) {
                if (lender != block && lender.planNode().isPresent() && lender.planNode().equals(block.planNode())) {
                    for (RewriteFamily family : families) {
                        if (family.rules().contains(lender.ruleId()) && RewriteFamilies.structural(family.id())) {
                            attempts.add(new Attempt(family, lender));
                        }
                    }
                }
            }
            for (RewriteFamily family : families) {
                if (family.rules().contains(block.ruleId()) && !RewriteFamilies.structural(family.id())) {
                    attempts.add(new Attempt(family, block));
                }
            }
            boolean answered = false;
            for (int a = 0; a < attempts.size() && !answered; a++) {
                Attempt attempt = attempts.get(a);
                RewriteFamily family = attempt.family();
                Finding finding = attempt.finding();
                if (System.nanoTime() > deadline) {
                    timedOut = Optional.of(timedOut(settings));
                    break outer;
                }
                Optional<List<Candidate>> written = candidates(family, finding, context, tallies);
                if (written.isEmpty()) {
                    continue;
                }
                List<Candidate> candidates = written.get();
                for (int c = 0; c < candidates.size(); c++) {
                    if (System.nanoTime() > deadline) {
                        timedOut = Optional.of(timedOut(settings));
                        break outer;
                    }
                    Candidate candidate = candidates.get(c);
                    int[] tally = tally(tallies, finding.ruleId());
                    if (request.inStatementSet() && !candidate.before().isEmpty()) {
                        // Flink takes only INSERTs between BEGIN STATEMENT SET and END: the SET could not run there.
                        tally[REJECTED]++;
                        continue;
                    }
                    Proof proof = proveOnce(candidate, proven, tally, context);
                    if (proof instanceof NotPlanned notPlanned) {
                        tally[SKIPPED] += candidates.size() - c;
                        skipped += candidates.size() - c;
                        unwritten = blocks.size() - b - 1;
                        budget = Optional.of(notPlanned.reason());
                        break outer;
                    }
                    tally[proof instanceof Proven ? VERIFIED : REJECTED]++;
                    if (proof instanceof Rejected rejected) {
                        LOG.debug("sql-guard rewrite '{}' for {} not proven: {}\n{}", family.id(), finding.ruleId(),
                                rejected.reason(), candidate.planned());
                        continue;
                    }
                    Candidate answer = candidate;
                    Proof forBlock = proof;
                    if (finding != block) {
                        // Lent: proven for the other finding, now for the BLOCK's rule on the judgement made already.
                        answer = candidate.forFinding(context.answering(block));
                        int[] blockTally = tally(tallies, block.ruleId());
                        forBlock = proveOnce(answer, proven, blockTally, context);
                        if (forBlock instanceof NotPlanned) {
                            blockTally[SKIPPED]++;
                            continue;
                        }
                        blockTally[forBlock instanceof Proven ? VERIFIED : REJECTED]++;
                    }
                    if (forBlock instanceof Proven ok && !ok.rewrite().restores()) {
                        // Proven, but it does not restore: the next family's may; this one is shown if none does.
                        if (unrestoring[b] == null) {
                            unrestoring[b] = forFinding(ok.rewrite(), answer, block);
                        }
                        if (!family.offersEveryCandidate()) {
                            break;
                        }
                    } else if (forBlock instanceof Proven ok) {
                        perBlock.get(b).add(forFinding(ok.rewrite(), answer, block));
                        answered = true;
                        if (!family.offersEveryCandidate()) {
                            leftOut |= c < candidates.size() - 1 || a < attempts.size() - 1;
                            break;
                        }
                    } else if (!family.offersEveryCandidate()) {
                        // The lender's first proven candidate is its family's rewrite (as EVERY lends it): the next family.
                        break;
                    }
                }
                if (answered && family.offersEveryCandidate()) {
                    leftOut |= a < attempts.size() - 1;
                }
            }
        }
        List<Rewrite> verified = new ArrayList<>();
        for (int b = 0; b < blocks.size(); b++) {
            if (perBlock.get(b).isEmpty() && unrestoring[b] != null) {
                perBlock.get(b).add(unrestoring[b]);
            } else {
                leftOut |= unrestoring[b] != null;
            }
            verified.addAll(perBlock.get(b));
        }
        // One of the two stopped the loop: the budget or the timeout.
        Optional<String> note = budget.isPresent()
                ? Optional.of(budgetSpent(budget.get(), skipped, unwritten, "BLOCK finding"))
                : timedOut;
        if (leftOut || note.isPresent()) {
            note = Optional.of(note.map(n -> n + "; ").orElse("") + EVERY_IN_EXPLAIN);
        }
        return new Rewrites(verified, counts(tallies), note);
    }

    /** Why the proofs stopped for the budget, what was not planned, and how many {@code kind}s got no rewrite. */
    private static String budgetSpent(String reason, int skipped, int unwritten, String kind) {
        return "proofs stopped: " + reason + "; " + skipped + (skipped == 1 ? " candidate" : " candidates")
                + " not planned, not shown" + (unwritten == 0 ? "" : "; no rewrite written for the " + unwritten + " "
                        + kind + (unwritten == 1 ? "" : "s") + " after them");
    }

    /** Each rule's counts, in the order its findings came. */
    private static List<Rewrites.Tally> counts(Map<String, int[]> tallies) {
        List<Rewrites.Tally> out = new ArrayList<>();
        tallies.forEach((rule, n) -> out.add(
                new Rewrites.Tally(rule, n[VERIFIED] + n[REJECTED] + n[SKIPPED], n[VERIFIED], n[REJECTED], n[SKIPPED], n[PLANNED])));
        return out;
    }

    /**
     * The line of a refusal that proved only the best rewrite of each BLOCK finding: where the others are.
     */
    public static final String EVERY_IN_EXPLAIN = "a refusal shows the first proven rewrite of each BLOCK finding;"
            + " EXPLAIN followed by this statement proves and shows every rewrite of its findings, its warnings' too";

    /** A family asked for the candidates of {@code finding}: the BLOCK finding's own, or another finding's to lend. */
    private record Attempt(RewriteFamily family, Finding finding) {}

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
            List<Finding> findings, List<Held> held, List<List<Rewrite>> answers, Proofs proven,
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
                Candidate forBlock = candidate.forFinding(context.answering(block));
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

    /**
     * True when no other finding of {@code findings} has {@code finding}'s rule or plan node: nothing proven for
     * it answers another finding, and it lends to and borrows from none ({@link Shown#FIRST_PER_FINDING}).
     */
    private static boolean alone(Finding finding, List<Finding> findings) {
        for (Finding other : findings) {
            if (other != finding && (other.ruleId().equals(finding.ruleId())
                    || finding.planNode().isPresent() && finding.planNode().equals(other.planNode()))) {
                return false;
            }
        }
        return true;
    }

    /** A proof (perhaps shared by two findings) as the answer to {@code finding}: its rule, node text and plan node. */
    private static Rewrite forFinding(Rewrite rewrite, Candidate candidate, Finding finding) {
        return rewrite.forFinding(finding, candidate.family());
    }

    /** The proof of {@code candidate} for its finding ({@link Proofs}); the plannings it made are added to {@code tally}. */
    private static Proof proveOnce(Candidate candidate, Proofs proven, int[] tally, RewriteContext context) {
        return proven.of(candidate, c -> {
            int before = context.plannings();
            Proof proof = Prover.prove(c, context);
            tally[PLANNED] += context.plannings() - before;
            return proof;
        });
    }

    /** Indexes of a rule's counts: candidates proven, rejected, skipped for the budget; plannings made. */
    private static final int VERIFIED = 0;
    private static final int REJECTED = 1;
    private static final int SKIPPED = 2;
    private static final int PLANNED = 3;

    /**
     * The candidates {@code family} writes for {@code finding}; empty when the family failed (logged,
     * counted as rejected: the other families still write theirs). A family that asks Flink while it writes them
     * ({@link HintBlocks}' marker planning) has the plannings it made counted for the finding's rule, as a proof's are.
     */
    private static Optional<List<Candidate>> candidates(
            RewriteFamily family, Finding finding, RewriteContext context, Map<String, int[]> tallies) {
        int before = context.plannings();
        try {
            return Optional.of(family.candidates(finding, context));
        } catch (RuntimeException | StackOverflowError e) {
            LOG.warn("sql-guard rewrite family '{}' failed on a statement; the other families still write theirs.",
                    family.id(), e);
            tally(tallies, finding.ruleId())[REJECTED]++;
            return Optional.empty();
        } finally {
            if (context.plannings() > before) {
                tally(tallies, finding.ruleId())[PLANNED] += context.plannings() - before;
            }
        }
    }

    private static int[] tally(Map<String, int[]> tallies, String rule) {
        return tallies.computeIfAbsent(rule, r -> new int[4]);
    }

    private static String timedOut(RewriteSettings settings) {
        return "rewriting stopped after " + SqlTrees.duration(settings.timeout()) + " (" + RewriteOptions.TIMEOUT.key()
                + "); what was not proven by then is not shown";
    }
}
