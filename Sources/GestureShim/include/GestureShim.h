#pragma once
#include "flick_slide_box.h"
#include "flick_gestures.h"
#include "flick_signal_check.h"
#include "flick_row_ids.h"
#include "flick_bus_application.h"
#include "flick_wall_timer.h"
#include "flick_accessibility.h"
