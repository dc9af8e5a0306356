import jdk.jfr.consumer.*; import java.nio.file.*; import java.util.*;
public class Kinds { public static void main(String[] a) throws Exception {
  List<RecordedEvent> s = new ArrayList<>(); for (RecordedEvent e : RecordingFile.readAllEvents(Path.of(a[0]))) if (e.getEventType().getName().equals("io.github.sqlguard.Statement")) s.add(e);
  s.sort(Comparator.comparing(RecordedEvent::getEndTime)); int from=Integer.parseInt(a[1]), to=Integer.parseInt(a[2]);
  StringBuilder b=new StringBuilder(); String prev=null; int n=0;
  for (int i=from;i<to&&i<s.size();i++){ String k=s.get(i).getString("kind"); if(k.equals(prev)) n++; else { if(prev!=null) b.append(prev+"x"+n+" "); prev=k; n=1; } }
  b.append(prev+"x"+n); System.out.println(b);
}}
