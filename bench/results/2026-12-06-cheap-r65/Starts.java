import jdk.jfr.consumer.*;
import java.nio.file.*;
import java.util.*;
public class Starts {
    public static void main(String[] a) throws Exception {
        Map<String,Integer> m = new TreeMap<>();
        for (RecordedEvent e : RecordingFile.readAllEvents(Path.of(a[0]))) {
            String n = e.getEventType().getName();
            if (!n.equals("jdk.ThreadStart") && !n.equals("jdk.ThreadEnd")) continue;
            RecordedThread t = e.getThread("thread");
            m.merge(n + " " + (t == null ? "?" : t.getJavaName().replaceAll("[-#]?\\d+", "")), 1, Integer::sum);
        }
        m.forEach((k,v) -> System.out.printf("%6d %s%n", v, k));
    }
}
