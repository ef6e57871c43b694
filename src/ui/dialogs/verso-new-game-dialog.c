/* verso-new-game-dialog.c: the New Game dialog; its choices live in GSettings, the clock's as
 * a preset or a custom "MINUTES[+SECONDS]" read by the engine's parser (time_control.h). */
#include "verso-new-game-dialog.h"

#include <glib/gi18n.h>
#include <string.h>

#include "level.h"
#include "verso-engine-settings.h"
#include "verso-game.h"
#include "verso-level-row.h"
#include "verso-settings-batch.h"

struct _VersoNewGameDialog {
  AdwMessageDialog parent_instance;

  AdwComboRow *mode_row;
  AdwComboRow *color_row;
  /* Who plays for the computer, each "Verso's levels" then the engines by name: against the
   * person, and each colour when it plays itself. */
  AdwComboRow *opponent_row;
  AdwComboRow *black_engine_row;
  AdwComboRow *white_engine_row;
  AdwComboRow *level_row;
  AdwComboRow *black_level_row;
  AdwComboRow *white_level_row;
  AdwComboRow *rules_row;
  AdwComboRow *start_row;
  AdwActionRow *match_row;
  GtkSwitch *match_switch;
  AdwComboRow *clock_row;
  AdwEntryRow *clock_entry_row;
};

G_DEFINE_FINAL_TYPE (VersoNewGameDialog, verso_new_game_dialog, ADW_TYPE_MESSAGE_DIALOG)

/* The rows, each showing its enum key's value: the items are in the order of the schema's enum. */
#define ROW(field, key) { #field, key, G_STRUCT_OFFSET (VersoNewGameDialog, field) }
static const struct {
  const char *name;  /* in the template */
  const char *key;
  gsize offset;
} rows[] = {
  ROW (mode_row, "game-mode"),
  ROW (color_row, "player-color"),
  ROW (level_row, "level"),
  ROW (black_level_row, "black-level"),
  ROW (white_level_row, "white-level"),
  ROW (rules_row, "rules"),
  ROW (start_row, "start"),
  ROW (clock_row, "clock"),
};

/* The rows of who plays for the computer, each showing its key's engine (verso-engine-settings.h):
 * against the person, then each colour's when the computer plays itself. */
static const struct {
  const char *name;  /* in the template */
  const char *key;
  gsize offset;
} engine_rows[] = {
  ROW (opponent_row, "opponent"),
  ROW (black_engine_row, "black-engine"),
  ROW (white_engine_row, "white-engine"),
};
#undef ROW

static AdwComboRow *nth_row (VersoNewGameDialog *self, gsize i)
{
  return G_STRUCT_MEMBER (AdwComboRow *, self, rows[i].offset);
}

static AdwComboRow *nth_engine_row (VersoNewGameDialog *self, gsize i)
{
  return G_STRUCT_MEMBER (AdwComboRow *, self, engine_rows[i].offset);
}

/* Whether a row of who plays chose Verso's levels: its first choice, or any while there is no
 * engine to choose (its model is missing while the dialog is set up). */
static gboolean plays_verso (AdwComboRow *row)
{
  GListModel *players = adw_combo_row_get_model (row);

  return !players || g_list_model_get_n_items (players) < 2 || adw_combo_row_get_selected (row) == 0;
}

static void on_mode_selected (VersoNewGameDialog *self)
{
  guint mode = adw_combo_row_get_selected (self->mode_row);
  GListModel *opponents = adw_combo_row_get_model (self->opponent_row);  /* none yet while set up */
  gboolean engines = opponents && g_list_model_get_n_items (opponents) > 1;
  gboolean versus = mode == VERSO_MODE_VERSUS_COMPUTER, itself = mode == VERSO_MODE_COMPUTER_ONLY;

  /* Only the rows that matter to the players chosen are shown; an engine plays at the depth
   * Preferences gave it, so a level shows only for a side Verso plays. */
  gtk_widget_set_visible (GTK_WIDGET (self->color_row), versus);
  gtk_widget_set_visible (GTK_WIDGET (self->opponent_row), engines && versus);
  gtk_widget_set_visible (GTK_WIDGET (self->level_row), versus && plays_verso (self->opponent_row));
  gtk_widget_set_visible (GTK_WIDGET (self->match_row), versus && plays_verso (self->opponent_row));
  gtk_widget_set_visible (GTK_WIDGET (self->black_engine_row), engines && itself);
  gtk_widget_set_visible (GTK_WIDGET (self->white_engine_row), engines && itself);
  gtk_widget_set_visible (GTK_WIDGET (self->black_level_row), itself && plays_verso (self->black_engine_row));
  gtk_widget_set_visible (GTK_WIDGET (self->white_level_row), itself && plays_verso (self->white_engine_row));
  /* Under a row of who plays Black, the level is Black's: the row's colour is said once. */
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->black_level_row),
                                 /* Translators: in New Game, the level of Verso playing Black, under the row
                                  * that chose Verso (or another engine) to play Black */
                                 engines ? _("Black’s level") : _("Black"));
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->white_level_row),
                                 /* Translators: in New Game, the level of Verso playing White, under the row
                                  * that chose Verso (or another engine) to play White */
                                 engines ? _("White’s level") : _("White"));
}

/* A row of who plays: Verso, then each engine of Preferences, the one its key chose selected
 * (Verso when it has since been removed). */
static void setup_engine_row (AdwComboRow *row, const char *const *names, const char *chosen)
{
  g_autoptr (GtkStringList) players = gtk_string_list_new (NULL);
  guint selected = 0;

  /* Translators: in New Game, the player that is Verso itself, at the levels it offers: not
   * "Verso", which `verso-engine nboard` names itself when added as an engine */
  gtk_string_list_append (players, _("Verso’s levels"));
  for (guint i = 0; names[i]; i++) {
    gtk_string_list_append (players, names[i]);
    if (g_str_equal (names[i], chosen))
      selected = i + 1;
  }
  adw_combo_row_set_model (row, G_LIST_MODEL (players));
  adw_combo_row_set_selected (row, selected);
}

/* The clock's choices, in the order of the schema's Clock enum: each preset as
 * time_control_parse reads it; "none" and "custom" have no text of their own. */
enum { CLOCK_NONE = 0, CLOCK_CUSTOM = 8 };
static const char *const clock_presets[] = { NULL, "1", "3+2", "5", "5+3", "10", "10+5", "30", NULL };
G_STATIC_ASSERT (G_N_ELEMENTS (clock_presets) == CLOCK_CUSTOM + 1);
#define CLOCK_TEXT_MAX 64  /* longer custom texts are refused: no control is written so */

/* Why a custom clock is refused, in the person's words; time_control_error_message's English is
 * for the command line. */
static const char *clock_error_text (TimeControlError error)
{
  switch (error) {
  case TIME_CONTROL_ERROR_EMPTY:
    /* Translators: under the custom clock's text when it is empty */
    return _("Write the minutes a side, then “+” and the seconds added after each move, e.g. 15+10");
  case TIME_CONTROL_ERROR_MINUTES:
    return _("The minutes are not a number");
  case TIME_CONTROL_ERROR_MINUTES_RANGE:
    return _("The minutes must be above 0 and at most 600");
  case TIME_CONTROL_ERROR_INCREMENT:
    return _("A number of seconds must follow “+”");
  case TIME_CONTROL_ERROR_INCREMENT_RANGE:
    return _("The seconds added after each move must be at most 600");
  case TIME_CONTROL_ERROR_TRAILING:
  case TIME_CONTROL_OK:
  default:
    return _("Only minutes, then “+” and seconds, e.g. 15+10");
  }
}

/* Reads a clock's text: TIME_CONTROL_OK with *control when it is one. A text too long for the
 * settings' copy (CLOCK_TEXT_MAX) is refused. */
static TimeControlError parse_clock (const char *text, TimeControl *control)
{
  size_t length = strlen (text);

  if (length >= CLOCK_TEXT_MAX)
    return TIME_CONTROL_ERROR_TRAILING;
  return time_control_parse (text, length, control, NULL);
}

gboolean verso_new_game_clock_from_settings (GSettings *settings, TimeControl *control)
{
  int choice;
  g_autofree char *custom = NULL;

  g_return_val_if_fail (G_IS_SETTINGS (settings), FALSE);
  g_return_val_if_fail (control != NULL, FALSE);

  choice = g_settings_get_enum (settings, "clock");
  if (choice > CLOCK_NONE && choice < CLOCK_CUSTOM)
    return parse_clock (clock_presets[choice], control) == TIME_CONTROL_OK;
  if (choice != CLOCK_CUSTOM)
    return FALSE;
  custom = g_settings_get_string (settings, "clock-custom");
  return parse_clock (custom, control) == TIME_CONTROL_OK;
}

/* The custom clock's row shows with its choice; a text that is no clock marks it, says why,
 * and disables Start. */
static void on_clock_changed (VersoNewGameDialog *self)
{
  gboolean custom = adw_combo_row_get_selected (self->clock_row) == CLOCK_CUSTOM;
  TimeControl control;
  TimeControlError error = parse_clock (gtk_editable_get_text (GTK_EDITABLE (self->clock_entry_row)), &control);
  gboolean refused = custom && error != TIME_CONTROL_OK;
  const char *reason = refused ? clock_error_text (error) : NULL;

  gtk_widget_set_visible (GTK_WIDGET (self->clock_entry_row), custom);
  if (refused)
    gtk_widget_add_css_class (GTK_WIDGET (self->clock_entry_row), "error");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self->clock_entry_row), "error");
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->clock_entry_row), reason);
  if (reason)
    gtk_accessible_update_property (GTK_ACCESSIBLE (self->clock_entry_row),
                                    GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, reason, -1);
  else
    gtk_accessible_reset_property (GTK_ACCESSIBLE (self->clock_entry_row), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
  adw_message_dialog_set_response_enabled (ADW_MESSAGE_DIALOG (self), "start", !refused);
}

struct _VersoNewGameChoices {
  int values[G_N_ELEMENTS (rows)];  /* each row's enum value, in the order of rows */
  gboolean match_my_level;
  char clock_custom[CLOCK_TEXT_MAX];
  /* Each engine row's choice, an engine's name or "" for Verso, in the order of engine_rows:
   * the names follow the rest in names, so that the choices stay one block for g_free. */
  const char *engines[G_N_ELEMENTS (engine_rows)];
  char names[];
};

/* The engine a row of who plays chose, or "" for Verso. */
static const char *chosen_engine (AdwComboRow *row)
{
  guint selected = adw_combo_row_get_selected (row);

  if (selected == 0 || selected == GTK_INVALID_LIST_POSITION)
    return "";
  return gtk_string_object_get_string (adw_combo_row_get_selected_item (row));
}

VersoNewGameChoices *verso_new_game_dialog_get_choices (VersoNewGameDialog *self)
{
  VersoNewGameChoices *choices;
  gsize room = 0;
  char *name;

  g_return_val_if_fail (VERSO_IS_NEW_GAME_DIALOG (self), NULL);

  for (gsize i = 0; i < G_N_ELEMENTS (engine_rows); i++)
    room += strlen (chosen_engine (nth_engine_row (self, i))) + 1;
  choices = g_malloc (sizeof *choices + room);
  name = choices->names;
  for (gsize i = 0; i < G_N_ELEMENTS (engine_rows); i++) {
    choices->engines[i] = name;
    name = g_stpcpy (name, chosen_engine (nth_engine_row (self, i))) + 1;
  }
  for (gsize i = 0; i < G_N_ELEMENTS (rows); i++)
    choices->values[i] = (int) adw_combo_row_get_selected (nth_row (self, i));
  choices->match_my_level = gtk_switch_get_active (self->match_switch);
  /* Longer texts never enable Start; a refused one shorter than that is kept for next time. */
  g_strlcpy (choices->clock_custom, gtk_editable_get_text (GTK_EDITABLE (self->clock_entry_row)),
             sizeof choices->clock_custom);
  return choices;
}

void verso_new_game_choices_save (const VersoNewGameChoices *choices, GSettings *settings)
{
  g_return_if_fail (choices != NULL);
  g_return_if_fail (G_IS_SETTINGS (settings));

  g_autoptr (GSettings) batch = verso_settings_batch (settings);

  for (gsize i = 0; i < G_N_ELEMENTS (rows); i++)
    g_settings_set_enum (batch, rows[i].key, choices->values[i]);
  g_settings_set_boolean (batch, "match-my-level", choices->match_my_level);
  g_settings_set_string (batch, "clock-custom", choices->clock_custom);
  for (gsize i = 0; i < G_N_ELEMENTS (engine_rows); i++)
    g_settings_set_string (batch, engine_rows[i].key, choices->engines[i]);
  g_settings_apply (batch);
}

static void verso_new_game_dialog_dispose (GObject *object)
{
  VersoNewGameDialog *self = VERSO_NEW_GAME_DIALOG (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), VERSO_TYPE_NEW_GAME_DIALOG);
  G_OBJECT_CLASS (verso_new_game_dialog_parent_class)->dispose (object);
}

static void verso_new_game_dialog_class_init (VersoNewGameDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = verso_new_game_dialog_dispose;

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/verso/Verso/verso-new-game-dialog.ui");
  for (gsize i = 0; i < G_N_ELEMENTS (rows); i++)
    gtk_widget_class_bind_template_child_full (widget_class, rows[i].name, FALSE, (gssize) rows[i].offset);
  for (gsize i = 0; i < G_N_ELEMENTS (engine_rows); i++)
    gtk_widget_class_bind_template_child_full (widget_class, engine_rows[i].name, FALSE, (gssize) engine_rows[i].offset);
  gtk_widget_class_bind_template_child (widget_class, VersoNewGameDialog, match_row);
  gtk_widget_class_bind_template_child (widget_class, VersoNewGameDialog, match_switch);
  gtk_widget_class_bind_template_child (widget_class, VersoNewGameDialog, clock_entry_row);
  gtk_widget_class_bind_template_callback (widget_class, on_mode_selected);
  gtk_widget_class_bind_template_callback (widget_class, on_clock_changed);
}

/* The level is chosen by the rating while Match My Level is on. */
static gboolean active_to_insensitive (GBinding *binding, const GValue *from, GValue *to, gpointer user_data)
{
  g_value_set_boolean (to, !g_value_get_boolean (from));
  return TRUE;
}

static void verso_new_game_dialog_init (VersoNewGameDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  verso_level_row_setup (self->level_row);
  verso_level_row_setup (self->black_level_row);
  verso_level_row_setup (self->white_level_row);
  g_object_bind_property_full (self->match_switch, "active", self->level_row, "sensitive", G_BINDING_SYNC_CREATE,
                               active_to_insensitive, NULL, NULL, NULL);
}

GtkWidget *verso_new_game_dialog_new (GtkWindow *parent, GSettings *settings)
{
  VersoNewGameDialog *self;

  g_return_val_if_fail (G_IS_SETTINGS (settings), NULL);

  self = g_object_new (VERSO_TYPE_NEW_GAME_DIALOG, "transient-for", parent, "modal", TRUE, NULL);
  for (gsize i = 0; i < G_N_ELEMENTS (rows); i++)
    adw_combo_row_set_selected (nth_row (self, i), (guint) g_settings_get_enum (settings, rows[i].key));
  gtk_switch_set_active (self->match_switch, g_settings_get_boolean (settings, "match-my-level"));
  {
    g_autofree char *custom = g_settings_get_string (settings, "clock-custom");

    gtk_editable_set_text (GTK_EDITABLE (self->clock_entry_row), custom);
  }
  {
    g_auto (GStrv) names = verso_engine_settings_dup_names (settings);

    for (gsize i = 0; i < G_N_ELEMENTS (engine_rows); i++) {
      g_autofree char *chosen = g_settings_get_string (settings, engine_rows[i].key);

      setup_engine_row (nth_engine_row (self, i), (const char *const *) names, chosen);
    }
  }
  on_mode_selected (self);
  on_clock_changed (self);
  return GTK_WIDGET (self);
}

void verso_new_game_dialog_set_stats (VersoNewGameDialog *self, VersoStats *stats)
{
  g_return_if_fail (VERSO_IS_NEW_GAME_DIALOG (self));
  verso_level_row_setup_match (self->match_row, stats);
}
