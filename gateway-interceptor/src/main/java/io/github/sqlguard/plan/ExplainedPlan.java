package io.github.sqlguard.plan;

import java.util.List;
import java.util.Optional;

/**
 * A parsed EXPLAIN result: its sections by title ({@code Abstract Syntax Tree}, {@code Optimized
 * Physical Plan}, {@code Optimized Execution Plan}, ...).
 *
 * <p>Rules read the execution plan for operator kinds (from Flink 2.0 on, only the execution plan
 * distinguishes {@code Deduplicate} from {@code Rank}) and the physical plan for changelog modes
 * ({@code EXPLAIN CHANGELOG_MODE} annotates only the physical plan).
 */
public record ExplainedPlan(String text, List<PlanSection> sections) {

    public static final String PHYSICAL_PLAN = "Optimized Physical Plan";
    public static final String EXECUTION_PLAN = "Optimized Execution Plan";

    public ExplainedPlan {
        sections = List.copyOf(sections);
    }

    /** The section with this title, if the EXPLAIN output has one. */
    public Optional<PlanSection> section(String title) {
        return sections.stream().filter(s -> s.title().equals(title)).findFirst();
    }

    /** The {@code Optimized Execution Plan} section, or an empty section when there is none. */
    public PlanSection executionPlan() {
        return section(EXECUTION_PLAN).orElse(new PlanSection(EXECUTION_PLAN, "", List.of()));
    }

    /** The {@code Optimized Physical Plan} section, or an empty section when there is none. */
    public PlanSection physicalPlan() {
        return section(PHYSICAL_PLAN).orElse(new PlanSection(PHYSICAL_PLAN, "", List.of()));
    }
}
