package io.github.sqlguard.plan;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import java.util.List;

/** Line offsets of a plan text, and excerpts read through them. */
class LineIndexTest {

    @Test
    void findsEveryLineSeparatedByNewlinesOnly() {
        String text = "Sink(a=[1])\n+- Calc(b=[2])\r\n\n   +- Scan()";
        LineIndex lines = LineIndex.of(text);

        assertThat(lines.lines()).isEqualTo(4);
        assertThat(text.substring(lines.start(0), lines.end(0))).isEqualTo("Sink(a=[1])");
        assertThat(text.substring(lines.start(1), lines.end(1))).isEqualTo("+- Calc(b=[2])\r");
        assertThat(text.substring(lines.start(2), lines.end(2))).isEmpty();
        assertThat(text.substring(lines.start(3), lines.end(3))).isEqualTo("   +- Scan()");
    }

    @Test
    void countsAnEmptyTextAndATrailingNewlineAsLines() {
        assertThat(LineIndex.of("").lines()).isEqualTo(1);
        assertThat(LineIndex.of("").end(0)).isZero();
        LineIndex trailing = LineIndex.of("a\n");
        assertThat(trailing.lines()).isEqualTo(2);
        assertThat(trailing.start(1)).isEqualTo(2);
        assertThat(trailing.end(1)).isEqualTo(2);
    }

    @Test
    void growsPastItsFirstCapacityAndIsEqualForEqualTexts() {
        String text = "x\n".repeat(100);
        assertThat(LineIndex.of(text).lines()).isEqualTo(101);
        assertThat(LineIndex.of(text).start(100)).isEqualTo(200);
        assertThat(LineIndex.of(text)).isEqualTo(LineIndex.of(text)).hasSameHashCodeAs(LineIndex.of(text));
        assertThat(LineIndex.of(text)).isNotEqualTo(LineIndex.of(text + "x"));
    }

    @Test
    void excerptReadsTheLinesItShowsFromTheSectionsIndex() {
        String text = "Sink()\n+- Rank(a=[1])\n   +- Exchange()\n      +- Scan()";
        PlanSection section = new PlanParser().parseSection(ExplainedPlan.EXECUTION_PLAN, text);
        PlanNode rank = section.nodes("Rank").get(0);

        assertThat(section.lines()).isEqualTo(LineIndex.of(text));
        assertThat(section.excerpt(rank, 1)).isEqualTo("    Sink()\n==> +- Rank(a=[1])\n       +- Exchange()");
        assertThat(section.excerpt(section.nodes("Scan").get(0), 5))
                .isEqualTo("    Sink()\n    +- Rank(a=[1])\n       +- Exchange()\n==>       +- Scan()");
        // Structural: the lines come from the index, not from scanning the text for line breaks, so
        // an excerpt costs the lines it shows whatever the plan's size. With the first line break of
        // the text gone, scanning would find "Exchange" on line 1; the index still says where the
        // Rank's line is.
        PlanSection joined =
                new PlanSection(section.title(), text.replaceFirst("\n", " "), section.roots(), section.nodes(), section.lines());
        assertThat(joined.excerpt(rank, 0)).isEqualTo("==> +- Rank(a=[1])");
    }

    @Test
    void sectionBuildsItsNodeListOnceForEveryReader() {
        PlanSection section = new PlanParser().parseSection("t", "A()\n+- B()\n   :- C()\n   +- D()");
        assertThat(section.nodes()).extracting(PlanNode::name).containsExactly("A", "B", "C", "D");
        assertThat(section.nodes()).isSameAs(section.nodes());
        assertThat(section.size()).isEqualTo(4);
        assertThat(section.nodes("C")).extracting(PlanNode::line).isEqualTo(List.of(2));
    }
}
