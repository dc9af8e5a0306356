package io.github.sqlguard.rules;

import java.util.Set;

/**
 * What the {@link RuleEngine} needs of the administrator's policy: the level of each rule and
 * which rules users may lower inline. Implemented by {@code policy.Policy}; defined here so that
 * the rules do not depend on the policy package.
 */
public interface RulePolicy {

    /** The configured level of the rule with this id. */
    Level level(String ruleId);

    /** Ids of the rules users may lower with {@code -- sql-guard:allow <id> <reason>}. */
    Set<String> suppressible();
}
