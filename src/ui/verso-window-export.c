/* verso-window-export.c: the position shown as a picture (src/diagram): Export Position… writes a
 * PNG or SVG file, with move numbers on the discs and a caption as the file chooser's choices;
 * Copy as Image puts the PNG on the clipboard. */
#include "verso-window-private.h"

#include <glib/gi18n.h>

#include "diagram.h"

/* The clipboard's picture, in pixels wide: as large as a forum or a document shows one. */
#define COPY_SIZE 480

/* The position shown, and with numbers the moves that led to it numbered on their discs. */
static void window_diagram (VersoWindow *self, gboolean numbers, Diagram *diagram)
{
  const VersoRecord *record = verso_game_get_record (self->game);
  guint shown = verso_record_get_current (record);
  g_autofree int *moves = g_new (int, shown + 1);

  diagram_init (diagram, verso_record_get_position (record, shown));
  for (guint ply = 1; ply <= shown; ply++)
    moves[ply - 1] = verso_record_get_move (record, ply);
  if (numbers)
    diagram_number_moves (diagram, moves, shown);
}

/* The caption a diagram gets when asked for: who is to move after how many moves, or the result. */
static char *window_caption (VersoWindow *self)
{
  const VersoRecord *record = verso_game_get_record (self->game);
  guint shown = verso_record_get_current (record);

  if (verso_game_is_over (self->game))
    return verso_game_describe_result (self->game);
  if (verso_game_get_turn (self->game) == VERSO_COLOR_BLACK)
    /* Translators: a diagram's caption; %u is the number of moves played so far */
    return g_strdup_printf (ngettext ("Black to move after %u move",
                                    "Black to move after %u moves", shown), shown);
  /* Translators: a diagram's caption; %u is the number of moves played so far */
  return g_strdup_printf (ngettext ("White to move after %u move",
                                  "White to move after %u moves", shown), shown);
}

static void copy_image_activated (GtkWidget *widget, const char *action, GVariant *parameter)
{
  VersoWindow *self = VERSO_WINDOW (widget);
  Diagram diagram;
  size_t length = 0;

  window_diagram (self, FALSE, &diagram);
  unsigned char *png = diagram_render_png (&diagram, COPY_SIZE, &length);
  if (!png) {
    verso_window_show_notice (self, NOTICE_FILE, _("The position could not be drawn"), 5);
    return;
  }
  g_autoptr (GBytes) bytes = g_bytes_new_with_free_func (png, length, free, png);
  g_autoptr (GError) error = NULL;
  g_autoptr (GdkTexture) texture = gdk_texture_new_from_bytes (bytes, &error);
  if (!texture) {
    g_warning ("The diagram's PNG could not be read back: %s", error->message);
    return;
  }
  gdk_clipboard_set_texture (gtk_widget_get_clipboard (widget), texture);
  verso_window_show_toast (self, _("Position copied as an image"));
}

/* A name typed without .png or .svg gets the chosen filter's suffix. */
static char *export_path (GtkFileChooser *chooser, GFile *file)
{
  g_autofree char *path = g_file_get_path (file);
  GtkFileFilter *filter = gtk_file_chooser_get_filter (chooser);
  const char *suffix = filter ? g_object_get_data (G_OBJECT (filter), "suffix") : NULL;

  if (!path || diagram_format_for_path (path) != DIAGRAM_FORMAT_UNKNOWN)
    return g_steal_pointer (&path);
  return g_strconcat (path, suffix ? suffix : ".png", NULL);
}

static gboolean choice_on (GtkFileChooser *chooser, const char *id)
{
  const char *value = gtk_file_chooser_get_choice (chooser, id);

  return g_strcmp0 (value, "true") == 0;
}

static void on_export_response (GtkNativeDialog *dialog, int response, VersoWindow *self)
{
  GtkFileChooser *chooser = GTK_FILE_CHOOSER (dialog);
  g_autoptr (GFile) file = NULL;
  g_autofree char *path = NULL, *caption = NULL;
  char error[512];
  Diagram diagram;

  if (response != GTK_RESPONSE_ACCEPT)
    return;
  file = gtk_file_chooser_get_file (chooser);
  path = file ? export_path (chooser, file) : NULL;
  if (!path) {
    verso_window_show_notice (self, NOTICE_FILE, _("Only a local file can be exported to"), 5);
    return;
  }
  window_diagram (self, choice_on (chooser, "numbers"), &diagram);
  caption = choice_on (chooser, "caption") ? window_caption (self) : NULL;
  diagram.caption = caption;
  if (!diagram_write_file (&diagram, path, diagram_format_for_path (path), DIAGRAM_DEFAULT_SIZE,
                           error, sizeof error)) {
    /* Translators: a notice; %s is why, in English, naming the file */
    g_autofree char *message = g_strdup_printf (_("The position was not exported: %s"), error);
    verso_window_show_notice (self, NOTICE_FILE, message, 8);
    return;
  }
  verso_window_show_toast (self, _("Position exported"));
}

static void add_filter (GtkFileChooser *chooser, const char *name, const char *pattern,
                        const char *suffix)
{
  g_autoptr (GtkFileFilter) filter = gtk_file_filter_new ();

  gtk_file_filter_set_name (filter, name);
  gtk_file_filter_add_pattern (filter, pattern);
  g_object_set_data (G_OBJECT (filter), "suffix", (gpointer) suffix);
  gtk_file_chooser_add_filter (chooser, filter);
}

static void export_position_activated (GtkWidget *widget, const char *action, GVariant *parameter)
{
  VersoWindow *self = VERSO_WINDOW (widget);
  GtkFileChooserNative *native = gtk_file_chooser_native_new (_("Export Position"), GTK_WINDOW (self),
                                                              GTK_FILE_CHOOSER_ACTION_SAVE,
                                                              _("_Export"), _("_Cancel"));
  GtkFileChooser *chooser = GTK_FILE_CHOOSER (native);

  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (native), TRUE);
  /* Kept until the next one: dropping it inside its own response signal is not safe. */
  if (self->export_chooser)
    gtk_native_dialog_destroy (self->export_chooser);
  g_set_object (&self->export_chooser, GTK_NATIVE_DIALOG (native));
  g_object_unref (native);

  add_filter (chooser, _("PNG image"), "*.[pP][nN][gG]", ".png");
  add_filter (chooser, _("SVG image"), "*.[sS][vV][gG]", ".svg");
  gtk_file_chooser_add_choice (chooser, "numbers", _("Move numbers on the discs"), NULL, NULL);
  gtk_file_chooser_add_choice (chooser, "caption", _("Caption"), NULL, NULL);
  /* Translators: the name an exported picture of the board is offered under */
  gtk_file_chooser_set_current_name (chooser, _("position.png"));
  g_signal_connect_object (native, "response", G_CALLBACK (on_export_response), self, 0);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (native));
}

static const VersoWindowAction actions[] = {
  { "win.export-position", export_position_activated },
  { "win.copy-image", copy_image_activated },
};

void verso_window_export_class_init (GtkWidgetClass *widget_class)
{
  verso_window_install_actions (widget_class, actions, G_N_ELEMENTS (actions));
}

void verso_window_export_dispose (VersoWindow *self)
{
  if (self->export_chooser)
    gtk_native_dialog_destroy (self->export_chooser);
  g_clear_object (&self->export_chooser);
}
