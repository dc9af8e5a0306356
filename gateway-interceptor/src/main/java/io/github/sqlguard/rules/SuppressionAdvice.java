package io.github.sqlguard.rules;

/**
 * What a finding's fix says of an inline suppression ({@code -- sql-guard:allow <id> <reason>}), by the policy
 * in force, which the rules do not see ({@link RulePolicy#suppressible()}): a rule whose fix offers it ({@link
 * RuleDeclaration#suppressedWhen()}) offers it only where the policy allows it, and otherwise names the option
 * that would; and a suppression comment on the statement that the policy does not honour is said to be read and
 * not honoured, whatever the rule, so that a user who wrote it does not take the finding for a missed comment.
 */
final class SuppressionAdvice {

    private SuppressionAdvice() {}

    /**
     * {@code fix} with what it says of suppressing {@code rule}.
     *
     * @param allowed whether the policy in force lets users lower {@code rule} inline
     * @param onStatement whether the statement carries a well-formed suppression comment for it
     */
    static String fix(String fix, RuleDeclaration rule, boolean allowed, boolean onStatement) {
        if (onStatement && !allowed) {
            return append(fix, "The statement's '-- sql-guard:allow " + rule.id() + "' comment was read and is not"
                    + " honoured: " + notAllowed(rule));
        }
        if (onStatement || rule.suppressedWhen().isEmpty()) {
            return fix;
        }
        String when = rule.suppressedWhen().get();
        return append(fix, allowed
                ? "If " + when + ", say so on the statement: -- sql-guard:allow " + rule.id() + " <reason> (the policy"
                        + " allows lowering this rule to INFO; the suppression is audited)."
                : "If " + when + ", that is not for the statement to say: " + notAllowed(rule));
    }

    private static String notAllowed(RuleDeclaration rule) {
        return "the policy in force does not allow suppressing " + rule.id() + "; the platform's administrator can allow"
                + " it ('" + rule.allowSuppressionOption().key() + ": true' in the gateway's configuration).";
    }

    private static String append(String fix, String sentence) {
        return fix.isBlank() ? sentence : fix.strip() + " " + sentence;
    }
}
