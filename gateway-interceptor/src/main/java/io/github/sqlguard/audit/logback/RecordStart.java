package io.github.sqlguard.audit.logback;

import java.io.File;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;

/**
 * A record about to be written to an audit file: where its bytes begin in the file, and the bytes;
 * {@link #takeBack} undoes a write of it that failed.
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
 * its line. It truncates only when the bytes past {@link #offset} are the record's first bytes, so a
 * wrong offset (a file changed by someone else) removes nothing.
 *
 * @param channel the channel of the file's stream the record is written through
 * @param file the file
 * @param offset where the record's bytes begin: the file's size before them
 * @param bytes the record's bytes, as encoded
 */
record RecordStart(FileChannel channel, File file, long offset, byte[] bytes) {

    /** Where the record after this one begins once this one is written whole. */
    long end() {
        return offset + bytes.length;
    }

    /**
     * Removes the bytes of the record that reached the file, when the file ends in them, and closes the
     * file, so that what its stream still buffers is never written.
     *
     * @return how many bytes were removed
     * @throws IOException when the file could not be read, truncated or closed, or does not end in a
     *     beginning of this record after {@link #offset}: the bytes past it stay
     */
    long takeBack() throws IOException {
        try {
            long cut = channel.size() - offset;
            if (cut <= 0) {
                return 0;
            }
            if (!endsInThisRecord(cut)) {
                throw new IOException("the " + cut + " bytes at the end of " + file + " past " + offset
                        + " are not the beginning of the record that failed");
            }
            channel.truncate(offset);
            return cut;
        } finally {
            channel.close();
        }
    }

    /** Whether the {@code cut} bytes past {@link #offset} are this record's first bytes (the channel itself is write-only). */
    private boolean endsInThisRecord(long cut) throws IOException {
        if (cut > bytes.length) {
            return false;
        }
        ByteBuffer read = ByteBuffer.allocate((int) cut);
        try (FileChannel reader = FileChannel.open(file.toPath(), StandardOpenOption.READ)) {
            while (read.hasRemaining() && reader.read(read, offset + read.position()) >= 0) {
                // reads until the cut bytes are in
            }
        }
        return !read.hasRemaining() && Arrays.equals(read.array(), 0, (int) cut, bytes, 0, (int) cut);
    }
}
