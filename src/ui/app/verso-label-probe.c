/* verso-label-probe.c: with VERSO_DEBUG_LABELS set, walks the labels of every window shown a few
 * times a second and logs each one whose text is cut short by an ellipsis or wrapped inside a
 * word, for the window tests (AT-SPI reads a label's whole text, never what is drawn of it). */
#include "verso-label-probe.h"

#include <gtk/gtk.h>

/* Twice in a row before it counts: a label measured for one frame in a window still settling
 * (a dialog growing to its size) is not cut. */
#define PROBE_INTERVAL_MS 250
#define PROBE_RELOG_WALKS 8

/* Whether a wrapped label breaks a line between two letters or digits of one word ("dept-h 24"),
 * as Pango does where a word alone is wider than the label. */
static gboolean word_broken (GtkLabel *label)
{
  PangoLayout *layout = gtk_label_get_layout (label);
  const char *text = pango_layout_get_text (layout);

  if (!gtk_label_get_wrap (label))
    return FALSE;
  for (GSList *line = pango_layout_get_lines_readonly (layout); line; line = line->next) {
    int start = ((PangoLayoutLine *) line->data)->start_index;

    if (start > 0 && g_unichar_isalnum (g_utf8_get_char (text + start))
        && g_unichar_isalnum (g_utf8_get_char (g_utf8_prev_char (text + start))))
      return TRUE;
  }
  return FALSE;
}

typedef struct {
  GHashTable *cut;       /* the texts cut or broken in the last walk, each with what befell it */
  GHashTable *reported;  /* the texts already logged */
  GHashTable *painted;   /* each window's last walk after it painted: window -> Painted */
  char *windows;         /* the last walk's windows, their sizes and the count of labels */
  guint unlogged;        /* the walks of the same since the last logged */
} LabelProbe;

/* What a window showed when it last painted: its texts cut or broken, its labels. */
typedef struct {
  GHashTable *cut;
  guint labels;
} Painted;

static void painted_free (gpointer data)
{
  Painted *painted = data;

  g_hash_table_unref (painted->cut);
  g_free (painted);
}

static void walk (GtkWidget *widget, GHashTable *cut, guint *labels)
{
  if (!gtk_widget_get_mapped (widget))
    return;
  if (GTK_IS_LABEL (widget)) {
    PangoLayout *layout = gtk_label_get_layout (GTK_LABEL (widget));

    (*labels)++;
    if (gtk_label_get_ellipsize (GTK_LABEL (widget)) != PANGO_ELLIPSIZE_NONE && pango_layout_is_ellipsized (layout))
      g_hash_table_add (cut, g_strconcat ("cut short: ", gtk_label_get_text (GTK_LABEL (widget)), NULL));
    else if (word_broken (GTK_LABEL (widget)))
      g_hash_table_add (cut, g_strconcat ("word broken: ", gtk_label_get_text (GTK_LABEL (widget)), NULL));
  }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    walk (child, cut, labels);
}

/* A window is walked just after it painted, when every label has been laid out at its size: a
 * label whose text changed (or that was just shown) keeps its old width until the next frame
 * lays it out, and on a loaded machine that frame can come more than two walks later. */
static void on_after_paint (GdkFrameClock *clock, GtkWidget *window)
{
  LabelProbe *probe = g_object_get_data (G_OBJECT (clock), "verso-label-probe");
  Painted *painted = g_new0 (Painted, 1);

  painted->cut = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  walk (window, painted->cut, &painted->labels);
  g_hash_table_replace (probe->painted, window, painted);
}

/* Asks the window for a frame, whose end walks it (on_after_paint). */
static void request_walk (LabelProbe *probe, GtkWidget *window)
{
  GdkFrameClock *clock = gtk_widget_get_frame_clock (window);

  if (!clock)
    return;
  /* Once for each window's clock (a window shown again may have another). */
  if (g_object_get_data (G_OBJECT (window), "verso-label-probe-clock") != clock) {
    g_object_set_data (G_OBJECT (window), "verso-label-probe-clock", clock);
    g_object_set_data (G_OBJECT (clock), "verso-label-probe", probe);
    g_signal_connect_object (clock, "after-paint", G_CALLBACK (on_after_paint), window, 0);
  }
  gdk_frame_clock_request_phase (clock, GDK_FRAME_CLOCK_PHASE_AFTER_PAINT);
}

static gboolean probe_tick (gpointer user_data)
{
  LabelProbe *probe = user_data;
  g_autoptr (GHashTable) cut = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr (GHashTable) shown = g_hash_table_new (NULL, NULL);
  g_autoptr (GString) windows = g_string_new (NULL);
  g_autoptr (GList) toplevels = gtk_window_list_toplevels ();
  guint labels = 0;
  GHashTableIter iter;
  const char *text;
  gpointer window;

  for (GList *node = toplevels; node; node = node->next) {
    const char *title = gtk_window_get_title (GTK_WINDOW (node->data));
    Painted *painted = g_hash_table_lookup (probe->painted, node->data);

    if (!gtk_widget_get_mapped (node->data))
      continue;
    g_hash_table_add (shown, node->data);
    request_walk (probe, node->data);
    /* Until it has painted, a window counts as shown without labels. */
    if (painted) {
      g_hash_table_iter_init (&iter, painted->cut);
      while (g_hash_table_iter_next (&iter, (gpointer *) &text, NULL))
        g_hash_table_add (cut, g_strdup (text));
      labels += painted->labels;
    }
    g_string_append_printf (windows, "%s'%s' %dx%d", windows->len ? ", " : "", title ? title : "",
                            gtk_widget_get_width (node->data), gtk_widget_get_height (node->data));
  }
  /* A window gone or hidden is walked afresh when it is shown again. */
  g_hash_table_iter_init (&iter, probe->painted);
  while (g_hash_table_iter_next (&iter, &window, NULL))
    if (!g_hash_table_contains (shown, window))
      g_hash_table_iter_remove (&iter);
  g_hash_table_iter_init (&iter, cut);
  while (g_hash_table_iter_next (&iter, (gpointer *) &text, NULL))
    if (g_hash_table_contains (probe->cut, text) && !g_hash_table_contains (probe->reported, text)) {
      g_printerr ("label probe: %s\n", text);
      g_hash_table_add (probe->reported, g_strdup (text));
    }
  g_hash_table_unref (probe->cut);
  probe->cut = g_steal_pointer (&cut);
  /* A test knows from this line that what it did has been walked twice, as it stays: logged
   * once it has stayed for two walks, and again every few walks while it stays, so that a test
   * that asks after it settled need not have seen it change. */
  g_string_append_printf (windows, " (%u labels)", labels);
  if (g_strcmp0 (probe->windows, windows->str) != 0) {
    g_free (probe->windows);
    probe->windows = g_strdup (windows->str);
    probe->unlogged = PROBE_RELOG_WALKS - 1;
  } else if (++probe->unlogged >= PROBE_RELOG_WALKS) {
    g_printerr ("label probe: walked %s\n", windows->str);
    probe->unlogged = 0;
  }
  return G_SOURCE_CONTINUE;
}

void verso_label_probe_start (void)
{
  LabelProbe *probe;

  if (!g_getenv ("VERSO_DEBUG_LABELS"))
    return;
  probe = g_new0 (LabelProbe, 1);
  probe->cut = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  probe->reported = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  probe->painted = g_hash_table_new_full (NULL, NULL, NULL, painted_free);
  /* For the life of the program. */
  g_timeout_add (PROBE_INTERVAL_MS, probe_tick, probe);
}
