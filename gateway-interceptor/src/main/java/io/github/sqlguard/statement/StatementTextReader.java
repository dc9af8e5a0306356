package io.github.sqlguard.statement;

import org.apache.calcite.util.SourceStringReader;

import java.io.IOException;
import java.util.concurrent.atomic.LongAdder;

/**
 * The text of one statement as {@link FlinkSqlParser} hands it to Flink's SQL parser, which tells the
 * end of the text the way the parser's character stream learns it, by an {@link IOException}, but with
 * one made once, without a stack trace.
 *
 * <p>Why: the parser's character stream (JavaCC's {@code SimpleCharStream#FillBuff} in {@code
 * org.apache.flink.sql.parser.impl}, flink-sql-parser 2.3.0 and 1.20) signals the end of its input by
 * an exception: when {@code Reader#read} returns -1 it closes the reader and throws a new {@code
 * IOException}; every later read, of the closed {@code StringReader}, throws another ({@code
 * "Stream closed"}). The token manager's lookahead reaches the end several times per statement, and each exception fills in its stack trace: on a REST I/O thread about 90
 * frames deep, 5.7 % of the guard's CPU on that thread per cheap statement (async-profiler,
 * bench/results/2026-12-05-cheap-r52.md). What the stream does with the exception does not depend on
 * which one it is: {@code FillBuff} catches any {@code IOException} of the read, steps back
 * ({@code --bufpos; backup(0)}, the token's start) and rethrows it, and every caller in the
 * generated token manager catches it and reads the end of input from it ({@code <EOF>}, or the end of
 * the longest match) without looking at it. Throwing here from {@code read} at the end, rather than
 * returning -1, takes the same path through the stream, without the reader's {@code close} (which
 * frees nothing a string reader holds). {@code ReusedParserTest} compares the trees and errors with
 * Calcite's own {@code SqlParser} over the case corpus.
 *
 * <p>One reader per parse, as a {@code StringReader}; the shared exception carries no stack trace and no
 * cause (set to none when made), and nothing the parser does adds to it.
 */
final class StatementTextReader extends SourceStringReader {

    /** The end of a statement's text: one instance, no stack trace. */
    static final IOException END = new EndOfText();

    /** How many times {@link #END} was thrown in this JVM: a test hook (that Flink's parser reads the end from it). */
    private static final LongAdder ENDS = new LongAdder();

    StatementTextReader(String text) {
        super(text);
    }

    /** As {@code StringReader#read}, except that the end of the text is {@link #END}, thrown. */
    @Override
    public int read(char[] buffer, int offset, int length) throws IOException {
        int read = super.read(buffer, offset, length);
        if (read == -1) {
            ENDS.increment();
            throw END;
        }
        return read;
    }

    /** How many times the end of a text was thrown in this JVM (tests). */
    static long ends() {
        return ENDS.sum();
    }

    /** The end of the text, thrown as the parser's character stream expects; shared, so immutable. */
    private static final class EndOfText extends IOException {
        private static final long serialVersionUID = 1L;

        EndOfText() {
            super("end of the statement's text", null);
        }

        @Override
        public synchronized Throwable fillInStackTrace() {
            return this;
        }
    }
}
