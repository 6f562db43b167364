from columns.layout import layout, terminal_width

__all__ = ["layout", "terminal_width"]
