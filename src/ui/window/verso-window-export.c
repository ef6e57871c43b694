/* verso-window-export.c: the position shown as a picture (src/diagram). Export Position… asks
 * first for the caption (the position's own offered, to edit or clear), the width in pixels and
 * move numbers on the discs, then for the PNG or SVG file; Copy as Image puts the PNG on the
 * clipboard with the last choices made there (kept in the settings: export-size,
 * export-move-numbers and export-caption, whose caption is then the position's own). The picture
 * is drawn as books print it, never rotated. */
#include "verso-window-private.h"

#include <glib/gi18n.h>

#include "diagram.h"
#include "verso-dialog.h"

/* The position shown, and with numbers each disc placed by a move numbered with its ply, as
 * the board numbers them. */
static void window_diagram (VersoWindow *self, gboolean numbers, Diagram *diagram)
{
  const VersoRecord *record = verso_game_get_record (self->game);
  guint shown = verso_record_get_current (record);
  guint plies[BOARD_SQUARES];

  diagram_init (diagram, verso_record_get_position (record, shown));
  if (!numbers)
    return;
  verso_record_get_placing_plies (record, shown, plies);
  for (int square = 0; square < BOARD_SQUARES; square++)
    diagram->numbers[square] = plies[square] <= 255 ? (unsigned char) plies[square] : 0;
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

/* The width the settings keep, within what the diagram can draw. */
static int export_size (VersoWindow *self)
{
  return CLAMP (g_settings_get_int (self->settings, "export-size"), DIAGRAM_MIN_SIZE, DIAGRAM_MAX_SIZE);
}

static void copy_image_activated (GtkWidget *widget, const char *action, GVariant *parameter)
{
  VersoWindow *self = VERSO_WINDOW (widget);
  Diagram diagram;
  size_t length = 0;
  g_autofree char *caption = g_settings_get_boolean (self->settings, "export-caption") ? window_caption (self) : NULL;

  window_diagram (self, g_settings_get_boolean (self->settings, "export-move-numbers"), &diagram);
  diagram.caption = caption;
  unsigned char *png = diagram_render_png (&diagram, export_size (self), &length);
  if (!png) {
    window_show_notice (self, NOTICE_FILE, _("The position could not be drawn"), 5);
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

static void on_export_response (GtkNativeDialog *dialog, int response, VersoWindow *self)
{
  GtkFileChooser *chooser = GTK_FILE_CHOOSER (dialog);
  g_autoptr (GFile) file = NULL;
  g_autofree char *path = NULL;
  const char *caption = g_object_get_data (G_OBJECT (dialog), "caption");
  char error[512];
  Diagram diagram;

  if (response != GTK_RESPONSE_ACCEPT)
    return;
  file = gtk_file_chooser_get_file (chooser);
  path = file ? export_path (chooser, file) : NULL;
  if (!path) {
    window_show_notice (self, NOTICE_FILE, _("Only a local file can be exported to"), 5);
    return;
  }
  window_diagram (self, g_settings_get_boolean (self->settings, "export-move-numbers"), &diagram);
  diagram.caption = caption;
  if (!diagram_write_file (&diagram, path, diagram_format_for_path (path), export_size (self),
                           error, sizeof error)) {
    /* Translators: a notice; %s is why, in English, naming the file */
    g_autofree char *message = g_strdup_printf (_("The position was not exported: %s"), error);
    window_show_notice (self, NOTICE_FILE, message, 8);
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

/* The file chooser, after the options: the caption travels with it. */
static void show_file_chooser (VersoWindow *self, const char *caption)
{
  GtkFileChooserNative *native = verso_dialog_new_file_chooser (&self->export_chooser, GTK_WINDOW (self),
                                                                _("Export Position"),
                                                                GTK_FILE_CHOOSER_ACTION_SAVE, _("_Export"));
  GtkFileChooser *chooser = GTK_FILE_CHOOSER (native);

  g_object_set_data_full (G_OBJECT (native), "caption", g_strdup (caption), g_free);
  add_filter (chooser, _("PNG image"), "*.[pP][nN][gG]", ".png");
  add_filter (chooser, _("SVG image"), "*.[sS][vV][gG]", ".svg");
  /* Translators: the name an exported picture of the board is offered under */
  gtk_file_chooser_set_current_name (chooser, _("position.png"));
  g_signal_connect_object (native, "response", G_CALLBACK (on_export_response), self, 0);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (native));
}

/* The options' widgets, read when the dialog answers. */
typedef struct {
  GtkEditable *caption;
  GtkSpinButton *size;
  GtkSwitch *numbers;
} ExportOptions;

static void on_options_response (AdwMessageDialog *dialog, const char *response, VersoWindow *self)
{
  ExportOptions *options = g_object_get_data (G_OBJECT (dialog), "options");
  g_autofree char *caption = NULL;

  if (g_strcmp0 (response, "export") != 0)
    return;
  caption = g_strstrip (g_strdup (gtk_editable_get_text (options->caption)));
  g_settings_set_int (self->settings, "export-size", gtk_spin_button_get_value_as_int (options->size));
  g_settings_set_boolean (self->settings, "export-move-numbers", gtk_switch_get_active (options->numbers));
  g_settings_set_boolean (self->settings, "export-caption", caption[0] != '\0');
  show_file_chooser (self, caption);
}

/* A row of the options' list with a widget at its end that the row activates. */
static GtkWidget *suffix_row (GtkWidget *list, const char *title, GtkWidget *suffix)
{
  GtkWidget *row = adw_action_row_new ();

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_preferences_row_set_use_underline (ADW_PREFERENCES_ROW (row), TRUE);
  gtk_widget_set_valign (suffix, GTK_ALIGN_CENTER);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), suffix);
  adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), suffix);
  gtk_list_box_append (GTK_LIST_BOX (list), row);
  return row;
}

/* Whether a picture was ever exported: until then Export Position offers the position's caption
 * (an empty field the first time looked like a caption Verso had none for), and Copy as Image,
 * which asks nothing, writes none. */
static gboolean caption_chosen (VersoWindow *self)
{
  g_autoptr (GVariant) chosen = g_settings_get_user_value (self->settings, "export-caption");

  return chosen != NULL;
}

/* The caption, the width and the move numbers, each as last chosen (the caption: the position's
 * own when the last picture had one, or before the first). */
static GtkWidget *options_list (VersoWindow *self, ExportOptions *options)
{
  GtkWidget *list = gtk_list_box_new ();
  GtkWidget *caption = adw_entry_row_new ();
  GtkWidget *size = gtk_spin_button_new_with_range (DIAGRAM_MIN_SIZE, DIAGRAM_MAX_SIZE, 80);
  GtkWidget *numbers = gtk_switch_new ();

  gtk_list_box_set_selection_mode (GTK_LIST_BOX (list), GTK_SELECTION_NONE);
  gtk_widget_add_css_class (list, "boxed-list");
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (caption), _("Ca_ption"));
  adw_preferences_row_set_use_underline (ADW_PREFERENCES_ROW (caption), TRUE);
  adw_entry_row_set_activates_default (ADW_ENTRY_ROW (caption), TRUE);
  if (g_settings_get_boolean (self->settings, "export-caption") || !caption_chosen (self)) {
    g_autofree char *text = window_caption (self);
    gtk_editable_set_text (GTK_EDITABLE (caption), text);
  }
  gtk_list_box_append (GTK_LIST_BOX (list), caption);

  gtk_spin_button_set_value (GTK_SPIN_BUTTON (size), export_size (self));
  gtk_spin_button_set_numeric (GTK_SPIN_BUTTON (size), TRUE);
  /* Translators: the width of an exported picture of the board */
  suffix_row (list, _("_Width in pixels"), size);
  gtk_accessible_update_property (GTK_ACCESSIBLE (size), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Width in pixels"), -1);
  gtk_switch_set_active (GTK_SWITCH (numbers), g_settings_get_boolean (self->settings, "export-move-numbers"));
  suffix_row (list, _("Move _numbers on the discs"), numbers);
  gtk_accessible_update_property (GTK_ACCESSIBLE (numbers), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Move numbers on the discs"), -1);

  *options = (ExportOptions) { GTK_EDITABLE (caption), GTK_SPIN_BUTTON (size), GTK_SWITCH (numbers) };
  return list;
}

static void export_position_activated (GtkWidget *widget, const char *action, GVariant *parameter)
{
  VersoWindow *self = VERSO_WINDOW (widget);
  ExportOptions *options = g_new0 (ExportOptions, 1);
  GtkWidget *dialog = adw_message_dialog_new (GTK_WINDOW (self), _("Export Position"), NULL);

  /* Translators: the title of the window that asks how the position's picture should look */
  gtk_window_set_title (GTK_WINDOW (dialog), _("Picture of the Position"));
  adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (dialog), options_list (self, options));
  g_object_set_data_full (G_OBJECT (dialog), "options", options, g_free);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog), "cancel", _("_Cancel"),
                                    "export", _("Choose _File…"), NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "export", ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "export");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_signal_connect_object (dialog, "response", G_CALLBACK (on_options_response), self, 0);
  verso_dialog_present (GTK_WINDOW (dialog), GTK_WINDOW (self));
  /* The caption has the keyboard: typed at once, Return goes on to the file. */
  gtk_widget_grab_focus (GTK_WIDGET (options->caption));
}

static const VersoWindowAction actions[] = {
  { "win.export-position", export_position_activated },
  { "win.copy-image", copy_image_activated },
};

void window_export_class_init (GtkWidgetClass *widget_class)
{
  window_install_actions (widget_class, actions, G_N_ELEMENTS (actions));
}

void window_export_dispose (VersoWindow *self)
{
  verso_dialog_clear_chooser (&self->export_chooser);
}
