package io.github.sqlguard.audit.logback;

import ch.qos.logback.core.recovery.ResilientFileOutputStream;

import java.io.IOException;
import java.nio.channels.FileChannel;

/**
 * Where a record's bytes begin in an audit file, taken as the record is encoded, just before its bytes
 * go to the file appender's stream; {@link #takeBack} undoes a write of it that failed.
 *
 * <p>Why a failed write needs undoing (logback-core 1.5.18, JDK 17). A file appender writes through a
 * {@code ResilientFileOutputStream}: a {@code BufferedOutputStream} of 8 KiB over a {@code
 * FileOutputStream} opened in append mode. {@code OutputStreamAppender} writes the record into the buffer
 * and flushes it ({@code immediateFlush}). When the disk fills (or a file size limit is reached) midway,
 * {@code FileOutputStream#write} has written what fit (it loops over write(2)'s short counts) before it
 * throws: the file ends in a cut record. {@code BufferedOutputStream#flushBuffer} resets its count only
 * after a write that succeeded, so the whole record stays in the buffer; {@code ResilientOutputStreamBase}
 * retries that buffer on every later {@code flush} (which it does not guard by its failure state) and when
 * it recovers ({@code attemptRecovery} closes the old stream, and {@code FilterOutputStream#close} flushes
 * it). The record the guard was told had failed, and refused, reaches the file once there is room, on the
 * line of the cut one.
 *
 * <p>{@link #takeBack} truncates the file to where the record began (shrinking a file needs no space, at a
 * full disk or a size limit alike) and closes the file under the failed stream ({@code
 * ResilientFileOutputStream#getChannel} is the channel of its {@code FileOutputStream}; closing it closes
 * that stream), so nothing left in the buffer is ever written: Logback's recovery then opens the file
 * again, as it does after any failure, with an empty buffer. The file holds whole records only, each on
 * its line.
 *
 * @param channel the file's channel the record is written through
 * @param offset the file's size before the record: where its bytes begin
 */
record RecordStart(FileChannel channel, long offset) {

    /**
     * Where the next bytes written through {@code stream} begin, or {@code null} when nothing can be
     * written through it (its file is closed after a failure, or not open).
     *
     * @throws IOException when the file's size cannot be read
     */
    static RecordStart of(ResilientFileOutputStream stream) throws IOException {
        FileChannel channel = stream.getChannel();
        if (channel == null || !channel.isOpen()) {
            return null;
        }
        return new RecordStart(channel, channel.size());
    }

    /**
     * Removes the bytes of the record that reached the file and closes it, so that what its stream still
     * buffers is never written.
     *
     * @return how many bytes were removed
     * @throws IOException when the file could not be truncated (the cut bytes stay) or closed
     */
    long takeBack() throws IOException {
        try {
            long cut = Math.max(0, channel.size() - offset);
            if (cut > 0) {
                channel.truncate(offset);
            }
            return cut;
        } finally {
            channel.close();
        }
    }
}
